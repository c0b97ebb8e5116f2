import { useEffect, useState } from "react";
import { ZTheme, type TTheme } from "../../../domain/portal";
import { themeVariables } from "../../theme";

/*
 * The environment settings screen's live preview (issue 16): it shows the design-system pages in an
 * iframe and posts the unsaved theme to it. Like the page designer's preview (studio/pages/preview-protocol.ts),
 * both sides read a message only from their own origin and from the other window; the theme is parsed
 * with the learner side's schema before it is applied, and only to this document.
 */

export const THEME_PREVIEW_READY = "mentora:theme-preview-ready";
export const THEME_PREVIEW_THEME = "mentora:theme-preview-theme";

export type ThemePreviewMessage = { type: typeof THEME_PREVIEW_READY } | { type: typeof THEME_PREVIEW_THEME; theme: unknown };

export function isOwnThemeMessage(e: Pick<MessageEvent, "origin" | "source" | "data">, origin: string, from: unknown): boolean {
  return e.origin === origin && e.source === from && typeof e.data === "object" && e.data !== null && typeof (e.data as { type?: unknown }).type === "string";
}

/** Inside a same-origin frame: the theme the parent posts (applied to this document's variables); null when alone. */
export function useThemePreview(): TTheme | null {
  const [theme, setTheme] = useState<TTheme | null>(null);
  useEffect(() => {
    if (window.parent === window) return;
    const onMessage = (e: MessageEvent) => {
      if (!isOwnThemeMessage(e, window.location.origin, window.parent)) return;
      const message = e.data as ThemePreviewMessage;
      if (message.type !== THEME_PREVIEW_THEME) return;
      const parsed = ZTheme.safeParse(message.theme);
      if (parsed.success) setTheme(parsed.data);
    };
    window.addEventListener("message", onMessage);
    window.parent.postMessage({ type: THEME_PREVIEW_READY } satisfies ThemePreviewMessage, window.location.origin);
    return () => window.removeEventListener("message", onMessage);
  }, []);
  useEffect(() => {
    if (!theme) return;
    const style = document.documentElement.style;
    for (const [k, v] of Object.entries(themeVariables(theme))) style.setProperty(k, v);
  }, [theme]);
  return theme;
}
