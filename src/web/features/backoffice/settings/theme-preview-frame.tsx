import { useEffect, useRef } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { isOwnThemeMessage, THEME_PREVIEW_READY, THEME_PREVIEW_THEME, type ThemePreviewMessage } from "../../guideline/theme-preview";

/**
 * The design-system pages in an iframe with the unsaved theme applied: the frame says it is ready,
 * this posts the theme then and on every change, to its own origin only (guideline/theme-preview.ts).
 */
export function ThemePreviewFrame({ lang, theme }: { lang: string; theme: unknown }) {
  const { t } = useTranslation("backoffice");
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(theme);
  latest.current = theme;

  const post = () =>
    frame.current?.contentWindow?.postMessage({ type: THEME_PREVIEW_THEME, theme: latest.current } satisfies ThemePreviewMessage, window.location.origin);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (!isOwnThemeMessage(e, window.location.origin, frame.current?.contentWindow)) return;
      if ((e.data as ThemePreviewMessage).type === THEME_PREVIEW_READY) post();
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);

  useEffect(() => {
    post();
  }, [theme]);

  return (
    <section aria-labelledby="theme-preview-title" className="flex flex-col gap-2">
      <h2 id="theme-preview-title" className="font-title text-lg font-bold text-ink">
        {t("settings.environment.previewTitle")}
      </h2>
      <p className="text-sm text-muted">{t("settings.environment.previewHint")}</p>
      <iframe
        ref={frame}
        src={`/${lang}/guideline/components`}
        title={t("settings.environment.previewTitle")}
        className="h-[40rem] w-full rounded-component border border-line bg-surface"
        data-testid="theme-preview"
      />
    </section>
  );
}
