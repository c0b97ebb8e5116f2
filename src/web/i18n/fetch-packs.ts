import { LANGUAGE_PACKAGES } from "../../domain/constants";
import type { Resources } from "./translator";

export const PACKS_ERROR = "HTTP error while fetching data";

/** GET one package of a locale as JSON, without cache (seed 7); throws when it does not load. */
export async function fetchPack(lang: string, pkg: string, fetcher: typeof fetch = fetch): Promise<Record<string, unknown>> {
  const res = await fetcher(`/locales/${lang}/${pkg}.json`, { cache: "no-cache" });
  if (!res.ok) {
    // Static files, not the API (lib/api.ts): the body of a failure is still let go of.
    await res.body?.cancel();
    throw new Error(`${res.status} for ${lang}/${pkg}`);
  }
  return (await res.json()) as Record<string, unknown>;
}

/**
 * Seed 7 "Language packs": GET each package of a locale as JSON with no cache, merge what
 * arrives; at least one package must load, else the error is logged and null returned (the caller
 * then keeps the current locale).
 */
export async function fetchLanguagePacks(
  lang: string,
  fetcher: typeof fetch = fetch,
  log: (msg: string, detail?: unknown) => void = console.error,
): Promise<Resources | null> {
  const results = await Promise.allSettled(LANGUAGE_PACKAGES.map(async (pkg) => [pkg, await fetchPack(lang, pkg, fetcher)] as const));
  const loaded = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  if (loaded.length === 0) {
    log(PACKS_ERROR, results.map((r) => (r.status === "rejected" ? String(r.reason) : "")).filter(Boolean));
    return null;
  }
  return Object.fromEntries(loaded);
}

/** Every pack of a language, once this tab has switched to it (a page ships only some: i18n/page-packs.ts). */
export const packCache = new Map<string, Resources>();

export async function ensureLanguagePacks(lang: string): Promise<boolean> {
  if (packCache.has(lang)) return true;
  const res = await fetchLanguagePacks(lang);
  if (res) packCache.set(lang, res);
  return res !== null;
}
