import { createElement, useMemo } from "react";
import { browserI18n, shippedPacks } from "./browser";
import { packCache } from "./fetch-packs";
import { type Resources, type Translator, translatorFor } from "./translator";
import { PACKS_SCRIPT_ID, useServerPacks } from "./page-packs";

/**
 * The page's translator (root.tsx): on the server the shared one with every pack of the language (translatorFor), in the
 * browser the tab's translator of the language, seeded with the packs the page shipped (or, after a
 * language switch, all of them) and fetching others on demand (browser.ts).
 */
const NO_RESOURCES: Resources = {};

export function usePageI18n(lang: string): Translator {
  const server = useServerPacks();
  return useMemo(() => {
    if (typeof document === "undefined") return translatorFor(lang, server?.lang === lang ? server.all : NO_RESOURCES);
    const initial = shippedPacks();
    return browserI18n(lang, packCache.get(lang) ?? (initial?.lang === lang ? initial.packs : {}));
  }, [lang, server]);
}

/**
 * The packs the page ships: a script file the browser keeps (language-packs.ts shippedFile), which
 * sets them before the app's module runs (a classic script before the module script). Hydration
 * keeps the address it finds.
 */
export function PacksScript({ nonce }: { nonce: string | undefined }) {
  const server = useServerPacks();
  const src = typeof document === "undefined" ? server?.src : (document.getElementById(PACKS_SCRIPT_ID)?.getAttribute("src") ?? undefined);
  return createElement("script", { id: PACKS_SCRIPT_ID, src, nonce, suppressHydrationWarning: true });
}
