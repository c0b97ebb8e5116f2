import { createContext, useContext } from "react";
import type { TFunction, Translator } from "./translator";

/** The page's translator (root.tsx provides it): the server's of the language, or the tab's. */
export const TranslatorContext = createContext<Translator | null>(null);

type Translation = { t: TFunction; i18n: Translator };

/**
 * `const { t } = useTranslation("learn")`, the same on the server and in the browser. The `t` of a
 * translator and namespace is made once and shared. A translator in the browser may lack a pack the
 * page did not ship: the component then suspends until it is fetched, so within a navigation the
 * previous screen stays until the text is there, never a flash of keys (decision 0020). The server's
 * translator has every pack, so it never suspends.
 */
export function useTranslation(ns?: string | readonly string[]): Translation {
  const i18n = useContext(TranslatorContext);
  if (!i18n) throw new Error("useTranslation: no translator above this component (root.tsx provides it)");
  const namespaces = ns === undefined ? ["common"] : typeof ns === "string" ? [ns] : ns;
  // A thrown promise is Suspense's signal (React's `use` wants one promise per render; this is one per set of packs).
  if (!i18n.ready(namespaces)) throw i18n.loadNamespaces(namespaces);
  return { t: i18n.fixedT(namespaces), i18n };
}
