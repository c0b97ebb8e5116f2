import { createElement, useMemo } from "react";
import type { i18n as I18n } from "i18next";
import { browserI18n, shippedPacks } from "./browser";
import { packCache } from "./fetch-packs";
import { i18nFor, type Resources } from "./instance";
import { PACKS_SCRIPT_ID, scriptJson, useServerPacks } from "./page-packs";

/**
 * The page's i18next instance (root.tsx): on the server the shared one with every pack of the language (i18nFor), in the
 * browser the tab's instance of the language, seeded with the packs the page shipped (or, after a
 * language switch, all of them) and fetching others on demand (browser.ts).
 */
const NO_RESOURCES: Resources = {};

export function usePageI18n(lang: string): I18n {
  const server = useServerPacks();
  return useMemo(() => {
    if (typeof document === "undefined") return i18nFor(lang, server?.lang === lang ? server.all : NO_RESOURCES);
    const initial = shippedPacks();
    return browserI18n(lang, packCache.get(lang) ?? (initial?.lang === lang ? initial.packs : {}));
  }, [lang, server]);
}

/**
 * The packs the page ships, as a JSON script for the browser to start with (the server writes it;
 * hydration keeps the text it finds).
 */
export function PacksScript({ nonce }: { nonce: string | undefined }) {
  const server = useServerPacks();
  const text =
    typeof document === "undefined"
      ? scriptJson({ lang: server?.lang, packs: Object.fromEntries(Object.entries(server?.all ?? {}).filter(([ns]) => server?.shipped.includes(ns as never))) })
      : (document.getElementById(PACKS_SCRIPT_ID)?.textContent ?? "");
  return createElement("script", {
    id: PACKS_SCRIPT_ID,
    type: "application/json",
    nonce,
    suppressHydrationWarning: true,
    dangerouslySetInnerHTML: { __html: text },
  });
}
