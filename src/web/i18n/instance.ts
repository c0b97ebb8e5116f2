import i18next, { type i18n as I18n } from "i18next";
import { FALLBACK_LANG, LANGUAGE_PACKAGES } from "../../domain/constants";

export type Resources = Record<string, Record<string, unknown>>;

/**
 * One i18next instance per language and per SSR request: never a shared global, so concurrent
 * server renders in different languages cannot leak strings into each other.
 */
export function createI18n(lang: string, resources: Resources): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: FALLBACK_LANG,
    ns: [...LANGUAGE_PACKAGES],
    defaultNS: "common",
    // Only the page's language travels with the page; every pack is complete (checked by
    // plurals.test.ts) and a language without a pack file gets English from the server.
    resources: { [lang]: resources },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
