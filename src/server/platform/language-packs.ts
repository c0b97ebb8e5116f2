import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import { BoundedCache } from "../../domain/bounded-cache";
import { FALLBACK_LANG, LANGUAGE_PACKAGES, PACKS_GLOBAL, type LanguagePackage } from "../../domain/constants";
import { scriptJson } from "../../domain/script-json";

/** Packs only the server reads (e-mails); never served to browsers. */
export const SERVER_PACKAGES = ["mail"];

export type PackResources = Record<string, Record<string, unknown>>;

const MAX_CACHED_LANGUAGES = 32;

/**
 * The packs a page ships, as a script file: the same for every page that ships that set in that
 * language, so the browser fetches it once and keeps it (its address names its content), and no page
 * repeats 10-20 kB of packs that every page of the portal carries (issue 31). Compressed once, at
 * brotli's best and gzip's best, when first asked for.
 */
export interface ShippedPacksFile {
  /** `/locales/<lang>/page/<pack+pack…>.<hash>.js` */
  src: string;
  hash: string;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The file name of a set of shipped packs with its content's hash; the route parses it back (parseShippedFile). */
export const SHIPPED_FILE = /^((?:[a-z-]+\+)*[a-z-]+)\.([A-Za-z0-9_-]{16})\.js$/;

export function parseShippedFile(name: string): { packs: LanguagePackage[]; hash: string } | null {
  const m = SHIPPED_FILE.exec(name);
  if (!m) return null;
  const packs = m[1]!.split("+");
  if (packs.some((p) => !(LANGUAGE_PACKAGES as readonly string[]).includes(p)) || new Set(packs).size !== packs.length) return null;
  return { packs: packs as LanguagePackage[], hash: m[2]! };
}

/** Brotli quality of a file made for a page (best: it is made once) and of one made for an address no page of this process named yet (cheap: anyone can ask for any set). */
const PAGE_FILE_QUALITY = 11;
const ASKED_FILE_QUALITY = 5;
const MAX_ASKED_FILES = 64;

function shippedFileOf(lang: string, shipped: readonly LanguagePackage[], all: PackResources, quality: number): ShippedPacksFile {
  const picked = Object.fromEntries(shipped.map((ns) => [ns, all[ns] ?? {}]));
  const body = Buffer.from(`self.${PACKS_GLOBAL}=${scriptJson({ lang, packs: picked })};`);
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 16);
  return {
    src: `/locales/${lang}/page/${shipped.join("+")}.${hash}.js`,
    hash,
    body,
    br: zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
    }),
    gzip: zlib.gzipSync(body, { level: quality === PAGE_FILE_QUALITY ? 9 : 6 }),
  };
}

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
  /** Per packs object (one per language while cached) and shipped set: a page kind ships one set, so these are few. */
  const shippedFiles = new WeakMap<PackResources, Map<string, ShippedPacksFile>>();
  /** Files asked for by address before a page of this process named them (another worker's page, or a made-up set). */
  const askedFiles = new BoundedCache<string, ShippedPacksFile>(MAX_ASKED_FILES);

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
     * The file of the packs a page ships (in the order given), from the language's `resources`: made
     * once per language and set while packs are cached.
     */
    shippedFile(lang: string, shipped: readonly LanguagePackage[], all: PackResources): ShippedPacksFile {
      let bySet = shippedFiles.get(all);
      if (!bySet) shippedFiles.set(all, (bySet = new Map()));
      const key = shipped.join("+");
      let file = bySet.get(key);
      if (!file) {
        // Made per render in development (packs are read anew each time): cheaply there.
        file = shippedFileOf(lang, shipped, all, opts.cache ? PAGE_FILE_QUALITY : ASKED_FILE_QUALITY);
        bySet.set(key, file);
      }
      return file;
    },
    /** The same file for its address: the one a page made, else made here, cheaply, and kept in a small bounded cache. */
    async askedFile(lang: string, shipped: readonly LanguagePackage[]): Promise<ShippedPacksFile> {
      const all = await this.resources(lang);
      const key = shipped.join("+");
      const made = shippedFiles.get(all)?.get(key);
      if (made) return made;
      const cacheKey = `${lang}/${key}`;
      const asked = askedFiles.get(cacheKey);
      if (asked && opts.cache) return asked;
      return askedFiles.set(cacheKey, shippedFileOf(lang, shipped, all, ASKED_FILE_QUALITY));
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
