import i18next, { type BackendModule, type i18n as I18n } from "i18next";
import { fetchPack } from "./fetch-packs";
import type { Resources } from "./instance";
import { PACKS_SCRIPT_ID } from "./page-packs";

/** i18next's backend for the packs a page did not ship: fetched from /locales when a screen first needs one. */
const packBackend: BackendModule = {
  type: "backend",
  init() {},
  read(lang, ns, done) {
    fetchPack(lang, ns).then(
      (pack) => done(null, pack),
      (e: unknown) => {
        console.error("HTTP error while fetching data", e);
        done(e as Error, false);
      },
    );
  },
};

const instances = new Map<string, I18n>();

/**
 * The browser's i18next instance of a language, one per tab and language. It starts with the packs
 * it is given (those the page shipped, or all of them after a language switch) and fetches any other
 * pack when a component asks for it: react-i18next then suspends that component until it is in, and
 * within a navigation the previous screen stays meanwhile (docs/decisions/0020-lean-client.md).
 * The server renders with createI18n (instance.ts) and every pack of the language.
 */
export function browserI18n(lang: string, resources: Resources): I18n {
  const existing = instances.get(lang);
  if (existing) {
    for (const [ns, pack] of Object.entries(resources)) if (!existing.hasResourceBundle(lang, ns)) existing.addResourceBundle(lang, ns, pack);
    return existing;
  }
  const instance = i18next.createInstance().use(packBackend);
  void instance.init({
    lng: lang,
    // Only this language's packs are ever loaded in the browser (every pack is complete: plurals.test.ts).
    fallbackLng: false,
    load: "currentOnly",
    ns: Object.keys(resources),
    defaultNS: "common",
    resources: { [lang]: resources },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
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

/** The packs the server shipped with this page (root.tsx renders them into a JSON script), read once. */
export function shippedPacks(): { lang: string; packs: Resources } | null {
  if (shipped === undefined) {
    const text = document.getElementById(PACKS_SCRIPT_ID)?.textContent;
    shipped = text ? (JSON.parse(text) as { lang: string; packs: Resources }) : null;
  }
  return shipped;
}
