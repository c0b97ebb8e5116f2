import { readFile } from "node:fs/promises";
import path from "node:path";
import { FALLBACK_LANG, LANGUAGE_PACKAGES, type LanguagePackage } from "../../domain/constants";

/** Packs only the server reads (e-mails); never served to browsers. */
export const SERVER_PACKAGES = ["mail"];

export type PackResources = Record<string, Record<string, unknown>>;

/**
 * Reads `locales/<lang>/<package>.json`. Files are read once per process in production and on
 * every call in development so that edits show up without a restart.
 */
export function createLanguagePacks(opts: { dir: string; cache: boolean }) {
  const cache = new Map<string, Promise<Record<string, unknown> | null>>();

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

  return {
    packages: LANGUAGE_PACKAGES,
    async get(lang: string, pkg: string) {
      if (!opts.cache) return readPack(lang, pkg);
      const key = `${lang}/${pkg}`;
      let hit = cache.get(key);
      if (!hit) {
        hit = readPack(lang, pkg);
        cache.set(key, hit);
        hit.catch(() => cache.delete(key));
      }
      return hit;
    },
    /**
     * Every package of one language, keyed by package (i18next namespaces). A package the language
     * does not have yet is served in English, so a newly added portal language shows text, not keys.
     */
    async resources(lang: string): Promise<PackResources> {
      const entries = await Promise.all(
        LANGUAGE_PACKAGES.map(async (pkg: LanguagePackage) => [pkg, (await this.get(lang, pkg)) ?? (await this.get(FALLBACK_LANG, pkg)) ?? {}] as const),
      );
      return Object.fromEntries(entries);
    },
  };
}
export type LanguagePacks = ReturnType<typeof createLanguagePacks>;
