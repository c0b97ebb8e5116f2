import { useContext } from "react";
import type { i18n as I18n, TFunction } from "i18next";
import { I18nContext, useTranslation as useSuspendingTranslation } from "react-i18next";
import { BoundedCache } from "../../domain/bounded-cache";

type Translation<Ns extends string> = { t: TFunction<Ns>; i18n: I18n };

/** More than the keys of every pack: a bound, not a size anybody should reach. */
const MAX_REMEMBERED = 4096;

/**
 * `t(key)` with nothing but a key always gives the same text for one instance (one language, packs
 * that never change), so the text is remembered. Calls with options (counts, values to interpolate:
 * possibly personal, never kept) or several keys go to i18next every time.
 */
function rememberingPlainKeys<Ns extends string>(t: TFunction<Ns>): TFunction<Ns> {
  const texts = new BoundedCache<string, unknown>(MAX_REMEMBERED);
  const translate = t as unknown as (...args: unknown[]) => unknown;
  const remembering = (...args: unknown[]) => {
    const [key] = args;
    if (args.length !== 1 || typeof key !== "string") return translate(...args);
    let text = texts.get(key);
    if (text === undefined) text = texts.set(key, translate(key));
    return text;
  };
  return Object.assign(remembering, t) as unknown as TFunction<Ns>;
}

const translations = new WeakMap<I18n, Map<string, Translation<string>>>();

/**
 * On the server: react-i18next's hook for this app's instances, at a fraction of the cost. A server
 * instance has one language and every pack for life (src/web/i18n/instance.ts i18nFor), so a component
 * needs neither react-i18next's subscriptions to language and store events nor its per-call copy of
 * the instance: the fixed `t` of an instance and namespace is made once and shared (the same `t` as
 * react-i18next's, i18n.getFixedT(language, ns)).
 */
function useServerTranslation<Ns extends string = "common">(ns?: Ns | readonly Ns[]): Translation<Ns> {
  const i18n = useContext(I18nContext)?.i18n;
  if (!i18n) throw new Error("useTranslation: no i18next instance above this component (root.tsx provides it)");
  let byNs = translations.get(i18n);
  if (!byNs) {
    byNs = new Map();
    translations.set(i18n, byNs);
  }
  const namespaces = ns ?? String(i18n.options.defaultNS ?? "common");
  const key = typeof namespaces === "string" ? namespaces : namespaces.join(",");
  let translation = byNs.get(key);
  if (!translation) {
    translation = { t: rememberingPlainKeys(i18n.getFixedT(i18n.language, namespaces as string | string[])), i18n };
    byNs.set(key, translation);
  }
  return translation as Translation<Ns>;
}

/**
 * `const { t } = useTranslation("learn")`. In the browser, react-i18next's own hook: a tab's instance
 * gains the packs a page did not ship when a screen first needs them, and react-i18next suspends that
 * screen until they are in (src/web/i18n/browser.ts, decision 0020). Picked once per environment, so
 * every render calls the same hook.
 */
export const useTranslation: <Ns extends string = "common">(ns?: Ns | readonly Ns[]) => Translation<Ns> =
  typeof document === "undefined"
    ? useServerTranslation
    : (useSuspendingTranslation as unknown as <Ns extends string>(ns?: Ns | readonly Ns[]) => Translation<Ns>);
