import i18next, { type i18n as I18n } from "i18next";
import { BoundedCache } from "../../domain/bounded-cache";
import { FALLBACK_LANG, LANGUAGE_PACKAGES } from "../../domain/constants";
import type { Resources } from "./translator";

/**
 * A new i18next instance of one language over `resources`, for loaders and server code that translate
 * outside a render (renders use the app's translator, translator.ts: decision 0035). i18nFor builds
 * each once; this stays for tests that want a fresh instance.
 */
export function createI18n(lang: string, resources: Resources): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: FALLBACK_LANG,
    ns: [...LANGUAGE_PACKAGES],
    defaultNS: "common",
    // Only the page's language travels with the page; the server fills what its packs lack with
    // English, key by key (platform/language-packs.ts), so nothing falls back here.
    resources: { [lang]: resources },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** More languages than any portal has; a request for a made-up language cannot grow the cache past it. */
const MAX_LANGUAGES = 32;
const instances = new BoundedCache<string, { resources: Resources; i18n: I18n }>(MAX_LANGUAGES);

/**
 * The i18next instance of `lang` over `resources`, built once and shared by every loader and request
 * that passes the same resources object (the server's language packs service hands out one object per
 * language while it caches; in development every read is a new object, so edits show up).
 *
 * One instance per language, fixed at creation: nobody may call changeLanguage (or add resources)
 * on it, or one request would change the language of another request's render (ARCHITECTURE.md,
 * known traps). Translating (t, getFixedT) does not change an instance.
 */
export function i18nFor(lang: string, resources: Resources): I18n {
  const hit = instances.get(lang);
  if (hit && hit.resources === resources) return hit.i18n;
  return instances.set(lang, { resources, i18n: createI18n(lang, resources) }).i18n;
}
