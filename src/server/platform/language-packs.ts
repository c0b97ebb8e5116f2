import { readFile } from "node:fs/promises";
import path from "node:path";
import { BoundedCache } from "../../domain/bounded-cache";
import { FALLBACK_LANG, LANGUAGE_PACKAGES, type LanguagePackage } from "../../domain/constants";

/** Packs only the server reads (e-mails); never served to browsers. */
export const SERVER_PACKAGES = ["mail"];

export type PackResources = Record<string, Record<string, unknown>>;

const MAX_CACHED_LANGUAGES = 32;

/**
 * Reads `locales/<lang>/<package>.json`. Files are read once per process in production and on
 * every call in development so that edits show up without a restart.
 */
export function createLanguagePacks(opts: { dir: string; cache: boolean }) {
  // Bounded, as the languages asked for come from addresses: every package of 32 languages, as read and laid over English.
  const cache = new BoundedCache<string, Promise<Record<string, unknown> | null>>(
    MAX_CACHED_LANGUAGES * 2 * (LANGUAGE_PACKAGES.length + SERVER_PACKAGES.length),
  );

  async function readPack(lang: string, pkg: string): Promise<Record<string, unknown> | null> {
    if (!/^[a-z]{2,3}$/.test(lang) || ![...LANGUAGE_PACKAGES, ...SERVER_PACKAGES].includes(pkg)) return null;
    const file = path.join(opts.dir, lang, `${pkg}.json`);
    try {
      return JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw e;
    }
  }

  /** `read()` once per key while packs are cached (a failed read is tried again next time), on every call otherwise. */
  const memo = (key: string, read: () => Promise<Record<string, unknown> | null>): Promise<Record<string, unknown> | null> => {
    if (!opts.cache) return read();
    let hit = cache.get(key);
    if (!hit) {
      hit = read();
      cache.set(key, hit);
      hit.catch(() => cache.delete(key));
    }
    return hit;
  };

  const get = (lang: string, pkg: string) => memo(`${lang}/${pkg}`, () => readPack(lang, pkg));

  /** The language's own pack over the English one, key by key (laid over once); null when the language has no pack of its own. */
  const completed = (lang: string, pkg: string) =>
    memo(`${lang}/${pkg}+${FALLBACK_LANG}`, async () => {
      const own = await get(lang, pkg);
      if (!own || lang === FALLBACK_LANG) return own;
      const base = await get(FALLBACK_LANG, pkg);
      return base ? overlay(base, own) : own;
    });

  async function readResources(lang: string): Promise<PackResources> {
    const entries = await Promise.all(
      LANGUAGE_PACKAGES.map(async (pkg: LanguagePackage) => [pkg, (await completed(lang, pkg)) ?? (await get(FALLBACK_LANG, pkg)) ?? {}] as const),
    );
    return Object.fromEntries(entries);
  }
  // Bounded: loaders ask for the language of the address, which may be made up.
  const resourcesCache = new BoundedCache<string, Promise<PackResources>>(MAX_CACHED_LANGUAGES);

  return {
    packages: LANGUAGE_PACKAGES,
    /** The pack as its file has it (what a language lacks is read from this). */
    get,
    /**
     * The pack readers get: a key the language's pack lacks is served in English, so a language being
     * translated shows text, not keys. A language without the pack gets the English one when
     * `served` (a portal language), else null.
     */
    async pack(lang: string, pkg: string, served: boolean): Promise<Record<string, unknown> | null> {
      return (await completed(lang, pkg)) ?? (served ? get(FALLBACK_LANG, pkg) : null);
    },
    /**
     * Every package of one language, keyed by package (i18next namespaces). A package or a key the
     * language does not have yet is served in English, so a newly added portal language shows text, not keys.
     */
    async resources(lang: string): Promise<PackResources> {
      if (!opts.cache) return readResources(lang);
      // One object per language while packs are cached: renders and loaders key their translator and
      // i18next instance by it (src/web/i18n/translator.ts, instance.ts), so it must not be rebuilt per request.
      let hit = resourcesCache.get(lang);
      if (!hit) {
        hit = resourcesCache.set(lang, readResources(lang));
        hit.catch(() => resourcesCache.delete(lang));
      }
      return hit;
    },
  };
}
export type LanguagePacks = ReturnType<typeof createLanguagePacks>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** `own` laid over `base`, nested objects key by key: every key of either, `own`'s value where it has one. */
export function overlay(base: Record<string, unknown>, own: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(own)) out[k] = isRecord(v) && isRecord(base[k]) ? overlay(base[k], v) : v;
  return out;
}
