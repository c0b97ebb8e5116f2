import { createElement, useMemo } from "react";
import { browserI18n, shippedPacks } from "./browser";
import { packCache } from "./fetch-packs";
import { type Resources, type Translator, translatorFor } from "./translator";
import { PACKS_SCRIPT_ID, scriptJson, type ServerPacks, useServerPacks } from "./page-packs";

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
 * The packs the page ships, as a JSON script for the browser to start with (the server writes it;
 * hydration keeps the text it finds).
 */
export function PacksScript({ nonce }: { nonce: string | undefined }) {
  const server = useServerPacks();
  const text = typeof document === "undefined" ? shippedPacksJson(server) : (document.getElementById(PACKS_SCRIPT_ID)?.textContent ?? "");
  return createElement("script", {
    id: PACKS_SCRIPT_ID,
    type: "application/json",
    nonce,
    suppressHydrationWarning: true,
    dangerouslySetInnerHTML: { __html: text },
  });
}

/**
 * The server's text of the packs script, made once per language's packs object (one per language
 * while packs are cached, language-packs.ts) and set of shipped packs: every page of a kind ships the
 * same 10-20 kB, which is not worth serializing again per request.
 */
const packsJson = new WeakMap<Resources, Map<string, string>>();

function shippedPacksJson(server: ServerPacks | null): string {
  const all = server?.all ?? NO_RESOURCES;
  const key = `${server?.lang}\n${server?.shipped.join(",")}`;
  let byShipped = packsJson.get(all);
  if (!byShipped) packsJson.set(all, (byShipped = new Map()));
  let text = byShipped.get(key);
  if (text === undefined) {
    text = scriptJson({ lang: server?.lang, packs: Object.fromEntries(Object.entries(all).filter(([ns]) => server?.shipped.includes(ns as never))) });
    byShipped.set(key, text);
  }
  return text;
}
