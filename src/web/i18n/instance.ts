import i18next, { type i18n as I18n } from "i18next";
import { FALLBACK_LANG, LANGUAGE_PACKAGES } from "../../domain/constants";

export type Resources = Record<string, Record<string, unknown>>;

/**
 * One i18next instance per language and per SSR request: never a shared global, so concurrent
 * server renders in different languages cannot leak strings into each other.
 */
export function createI18n(lang: string, resources: Resources, fallback?: Resources): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: FALLBACK_LANG,
    ns: [...LANGUAGE_PACKAGES],
    defaultNS: "common",
    resources: {
      [lang]: resources,
      ...(fallback && lang !== FALLBACK_LANG ? { [FALLBACK_LANG]: fallback } : {}),
    },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
