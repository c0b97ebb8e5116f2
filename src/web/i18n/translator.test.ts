import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { LANGUAGE_PACKAGES } from "../../domain/constants";
import { createI18n } from "./instance";
import { type Resources, Translator, translatorFor } from "./translator";

const LANGS = ["en", "tr", "ar", "ru"] as const;
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 102, 1.5];

function loadPacks(lang: string): Resources {
  return Object.fromEntries(LANGUAGE_PACKAGES.map((pkg) => [pkg, JSON.parse(readFileSync(join(process.cwd(), "locales", lang, `${pkg}.json`), "utf8"))]));
}

/** Every key a component can ask for: each string leaf, each plural's base key, and each inner object (a mistake i18next answers with a sentence). */
function keysOf(pack: unknown, prefix = ""): string[] {
  if (!pack || typeof pack !== "object") return [];
  return Object.entries(pack).flatMap(([k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    const base = /^(.*)_(zero|one|two|few|many|other)$/.exec(key)?.[1];
    return [key, ...(base ? [base] : []), ...keysOf(v, key)];
  });
}

const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]);

describe("Translator: the same texts as i18next for every key of every pack", () => {
  it.each(LANGS)(
    "%s",
    (lang) => {
      const packs = loadPacks(lang);
      const i18next = createI18n(lang, packs);
      const ours = new Translator(lang, packs);
      let compared = 0;
      for (const ns of LANGUAGE_PACKAGES) {
        const theirs = i18next.getFixedT(lang, ns);
        const mine = ours.fixedT(ns);
        // The pack's placeholders, once per pack (per key, the work grew with the square of the pack).
        const names = new Set(["count", ...placeholders(JSON.stringify(packs[ns]))]);
        const values = Object.fromEntries([...names].map((n) => [n, `‹${n}›`]));
        for (const key of new Set(keysOf(packs[ns]))) {
          const calls: Array<Record<string, unknown> | undefined> = [undefined, values, { name: "Ada" }, ...COUNTS.map((count) => ({ ...values, count }))];
          for (const options of calls) {
            const got: unknown = mine(key, options as never);
            const want: unknown = theirs(key, options as never);
            // The message is built only for a difference: thousands of comparisons stay within the time limit.
            if (got !== want) expect(got, `${lang} ${ns}:${key} ${JSON.stringify(options)}`).toBe(want);
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(1000);
      // Tens of thousands of comparisons per language: more than the default 5 s on a loaded machine.
    },
    30_000,
  );

  it("also for what code asks beyond the packs: missing keys, defaults, a namespace in the key or the options, several namespaces", () => {
    const packs = loadPacks("ru");
    const i18next = createI18n("ru", packs);
    const ours = new Translator("ru", packs);
    const cases: Array<[string | string[], string, Record<string, unknown>?]> = [
      ["common", "no.such.key"],
      ["common", "no.such.key", { defaultValue: "…" }],
      ["shell", "footer.social.mastodon", { defaultValue: "mastodon" }],
      ["shell", "errors:codes.RATE_LIMITED"],
      ["shell", "errors:codes.NOPE"],
      ["common", "missing {{x}}", { y: 1 }],
      ["blocks", Object.keys(packs.auth)[0], { ns: "auth" }],
      [["auth", "forms"], Object.keys(packs.forms)[0]],
      [["auth", "forms"], Object.keys(packs.auth)[0]],
    ];
    for (const [ns, key, options] of cases) {
      expect(ours.fixedT(ns)(key, options as never), `${String(ns)} ${key}`).toBe(i18next.getFixedT("ru", ns)(key, options as never));
    }
    expect(ours.t("no.such.key")).toBe(i18next.t("no.such.key"));
  });
});

describe("Translator: packs fetched on demand", () => {
  it("fetches a pack it lacks once, and is ready when it is in", async () => {
    const fetchPack = vi.fn(async (_lang: string, ns: string) => ({ hello: `hello from ${ns}` }));
    const translator = new Translator("en", { common: { a: "A" } }, fetchPack);
    expect(translator.ready(["common"])).toBe(true);
    expect(translator.ready(["learn"])).toBe(false);
    const first = translator.loadNamespaces(["learn"]);
    expect(translator.loadNamespaces(["learn"])).toBe(first);
    await first;
    expect(fetchPack).toHaveBeenCalledTimes(1);
    expect(translator.ready(["learn", "common"])).toBe(true);
    expect(translator.fixedT("learn")("hello")).toBe("hello from learn");
  });

  it("settles when a pack fails to load: its texts then show as keys, as with i18next", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const translator = new Translator("en", {}, () => Promise.reject(new Error("offline")));
    await translator.loadNamespaces("learn");
    expect(translator.ready(["learn"])).toBe(true);
    expect(translator.fixedT("learn")("course.title")).toBe("course.title");
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe("translatorFor (server)", () => {
  it("builds one translator per language and resources object, and a new one when the resources change", () => {
    const a = { common: { x: "1" } };
    expect(translatorFor("en", a)).toBe(translatorFor("en", a));
    expect(translatorFor("en", { common: { x: "2" } }).t("x")).toBe("2");
    expect(translatorFor("tr", a).language).toBe("tr");
  });
});
