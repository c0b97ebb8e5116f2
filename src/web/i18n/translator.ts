import { BoundedCache } from "../../domain/bounded-cache";

export type Pack = Record<string, unknown>;
export type Resources = Record<string, Pack>;

/** Options of `t`: a plural `count`, a `defaultValue`, another `ns`, and the values to interpolate. */
export type TOptions = { count?: number; defaultValue?: string; ns?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

const DEFAULT_NS = "common";
const VARIABLE = /\{\{(.+?)\}\}/g;

/** The value at a dotted key of a pack (a text, a plural family's object, or nothing). */
export function lookup(pack: Pack | undefined, key: string): unknown {
  let node: unknown = pack;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * The texts of one language, and what i18next does with them that this app uses (docs/decisions/
 * 0035-translator.md): nested keys (`a.b`), a namespace in the key (`errors:codes.X`) or in the
 * options (`ns`), namespaces tried in order, plurals by `count` (`_zero` first for 0, then the
 * language's plural form, then the bare key), `{{name}}` interpolation without escaping (React
 * escapes; a value not given stays as written), `defaultValue`, and the key itself when nothing is
 * found. `translator.test.ts` holds it to i18next's output for every key of every pack in every
 * language. The server renders with one per language holding every pack (translatorFor); the browser's
 * starts with the packs the page shipped and fetches any other one when a screen first needs it.
 */
export class Translator {
  private readonly packs = new Map<string, Pack>();
  /** Packs asked for: settled once fetched or failed (a failed pack's texts show as keys, as with i18next). */
  private readonly loads = new Map<string, Promise<void>>();
  private readonly settled = new Set<string>();
  private readonly waits = new Map<string, Promise<void>>();
  private readonly fixed = new Map<string, TFunction>();
  private plurals: Intl.PluralRules | null = null;

  constructor(
    readonly language: string,
    resources: Resources,
    private readonly fetchPack?: (lang: string, ns: string) => Promise<Pack>,
  ) {
    for (const [ns, pack] of Object.entries(resources)) this.addPack(ns, pack);
  }

  hasPack(ns: string): boolean {
    return this.packs.has(ns);
  }

  addPack(ns: string, pack: Pack): void {
    if (this.packs.has(ns)) return;
    this.packs.set(ns, pack);
    this.settled.add(ns);
  }

  /** True when every one of `namespaces` is in, or has failed to load. */
  ready(namespaces: readonly string[]): boolean {
    return namespaces.every((ns) => this.settled.has(ns));
  }

  /** Fetches the packs not yet in; one promise per set of packs, so a suspended component waits on the same one. */
  loadNamespaces(ns: string | readonly string[]): Promise<void> {
    const namespaces = typeof ns === "string" ? [ns] : ns;
    if (this.ready(namespaces)) return Promise.resolve();
    const key = namespaces.join(",");
    let wait = this.waits.get(key);
    if (!wait) {
      wait = Promise.all(namespaces.map((n) => this.load(n))).then(() => undefined);
      this.waits.set(key, wait);
    }
    return wait;
  }

  private load(ns: string): Promise<void> {
    if (this.settled.has(ns)) return Promise.resolve();
    let loading = this.loads.get(ns);
    if (!loading) {
      const fetchPack = this.fetchPack;
      loading = (fetchPack ? fetchPack(this.language, ns) : Promise.reject(new Error(`no pack ${this.language}/${ns}`))).then(
        (pack) => this.addPack(ns, pack),
        (e: unknown) => {
          console.error("HTTP error while fetching data", e);
          this.settled.add(ns);
        },
      );
      this.loads.set(ns, loading);
    }
    return loading;
  }

  /** The `t` of a namespace (or namespaces, tried in order), made once and shared. */
  fixedT(ns: string | readonly string[] = DEFAULT_NS): TFunction {
    const namespaces = typeof ns === "string" ? [ns] : [...ns];
    const id = namespaces.join(",");
    let t = this.fixed.get(id);
    if (!t) {
      t = (key, options) => this.translate(key, namespaces, options);
      this.fixed.set(id, t);
    }
    return t;
  }

  t(key: string, options?: TOptions): string {
    return this.translate(key, [DEFAULT_NS], options);
  }

  private pluralForm(count: number): string {
    this.plurals ??= new Intl.PluralRules(this.language);
    return this.plurals.select(count);
  }

  private translate(fullKey: string, namespaces: readonly string[], options?: TOptions): string {
    let key = fullKey;
    let order = options?.ns ? [options.ns] : namespaces;
    const colon = fullKey.indexOf(":");
    if (colon > 0) {
      order = [fullKey.slice(0, colon)];
      key = fullKey.slice(colon + 1);
    }
    const count = options?.count;
    const candidates = typeof count === "number" ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${this.pluralForm(count)}`, key] : [key];
    let text: unknown;
    for (const ns of order) {
      const pack = this.packs.get(ns);
      for (const candidate of candidates) {
        text = lookup(pack, candidate);
        if (text !== undefined && text !== null) break;
      }
      if (text !== undefined && text !== null) break;
    }
    if (typeof text === "number" || typeof text === "boolean") text = String(text);
    if (typeof text !== "string")
      text = text === undefined || text === null ? (options?.defaultValue ?? key) : `key '${key} (${this.language})' returned an object instead of string.`;
    return options ? interpolate(text as string, options) : (text as string);
  }
}

function interpolate(text: string, values: TOptions): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    const value = lookup(values, name.trim());
    return value === undefined || value === null ? whole : String(value);
  });
}

/** More languages than any portal has; a request for a made-up language cannot grow the cache past it. */
const MAX_LANGUAGES = 32;
const serverTranslators = new BoundedCache<string, { resources: Resources; translator: Translator }>(MAX_LANGUAGES);

/**
 * The server's translator of `lang` over `resources`, built once and shared by every render that passes
 * the same resources object (the language packs service hands out one per language while it caches).
 * It never changes once made, so requests cannot change each other's language (ARCHITECTURE.md).
 */
export function translatorFor(lang: string, resources: Resources): Translator {
  const hit = serverTranslators.get(lang);
  if (hit && hit.resources === resources) return hit.translator;
  return serverTranslators.set(lang, { resources, translator: new Translator(lang, resources) }).translator;
}
