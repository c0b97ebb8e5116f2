import { PACKS_GLOBAL } from "../../domain/constants";
import { fetchPack } from "./fetch-packs";
import { type Resources, Translator } from "./translator";

const instances = new Map<string, Translator>();

/**
 * The browser's translator of a language, one per tab and language. It starts with the packs it is
 * given (those the page shipped, or all of them after a language switch) and fetches any other pack
 * when a component asks for it: that component suspends until it is in, and within a navigation the
 * previous screen stays meanwhile (docs/decisions/0020-lean-client.md). The server renders with
 * translatorFor (translator.ts) and every pack of the language.
 */
export function browserI18n(lang: string, resources: Resources): Translator {
  const existing = instances.get(lang);
  if (existing) {
    for (const [ns, pack] of Object.entries(resources)) existing.addPack(ns, pack);
    return existing;
  }
  const instance = new Translator(lang, resources, fetchPack);
  instances.set(lang, instance);
  return instance;
}

/** True once this tab renders in `lang`: its screens then fetch missing packs themselves. */
export function rendersIn(lang: string): boolean {
  return instances.has(lang);
}

let shipped: { lang: string; packs: Resources } | null | undefined;

/**
 * Adds packs to those the page shipped, before hydration (entry.client.tsx: the packs of the page's
 * blocks); a pack that does not load is left to the screen that needs it.
 */
export async function addShippedPacks(pkgs: readonly string[]): Promise<void> {
  const page = shippedPacks();
  if (!page) return;
  await Promise.all(
    pkgs
      .filter((pkg) => !(pkg in page.packs))
      .map((pkg) =>
        fetchPack(page.lang, pkg).then(
          (pack) => void (page.packs[pkg] = pack),
          () => undefined,
        ),
      ),
  );
}

/** The packs the server shipped with this page (root.tsx's script file sets them), read once. */
export function shippedPacks(): { lang: string; packs: Resources } | null {
  if (shipped === undefined) shipped = ((window as unknown as Record<string, unknown>)[PACKS_GLOBAL] as { lang: string; packs: Resources } | undefined) ?? null;
  return shipped;
}
