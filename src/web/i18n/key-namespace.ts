import type { Translator } from "./translator";

/**
 * Loads the pack of a translation key that arrived at run time (an API error's `key`, e.g.
 * "errors:codes.RATE_LIMITED"), so that it is shown translated: a page ships only some packs
 * (docs/decisions/0020-lean-client.md). Keys without a namespace need nothing.
 */
export async function loadKeyNamespace(i18n: Translator, key: string): Promise<void> {
  const at = key.indexOf(":");
  if (at > 0) await i18n.loadNamespaces(key.slice(0, at));
}
