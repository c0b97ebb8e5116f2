import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGE_PACKAGES } from "../../domain/constants";
import { createI18n } from "./instance";
import type { Resources } from "./translator";

const LOCALES_DIR = join(process.cwd(), "locales");
const TRANSLATED = ["tr", "ar", "ru"] as const;
const PLURAL_SUFFIXES = ["zero", "one", "two", "few", "many", "other"] as const;

function loadPacks(lang: string): Resources {
  return Object.fromEntries(LANGUAGE_PACKAGES.map((pkg) => [pkg, JSON.parse(readFileSync(join(LOCALES_DIR, lang, `${pkg}.json`), "utf8"))]));
}

/** "ns:a.b.c" -> string, for every string leaf of every package. */
function flatten(packs: Resources): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (value: unknown, path: string) => {
    if (typeof value === "string") out.set(path, value);
    else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, path.endsWith(":") ? `${path}${k}` : `${path}.${k}`);
    } else throw new Error(`${path} is neither a string nor an object`);
  };
  for (const [ns, pack] of Object.entries(packs)) walk(pack, `${ns}:`);
  return out;
}

/** Splits "ns:x_one" into ["ns:x", "one"] when the pack uses x as a plural (it has x_other). */
function pluralBase(key: string, keys: Set<string>): [string, string] | null {
  const m = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
  if (!m) return null;
  const base = m[1];
  return keys.has(`${base}_other`) ? [base, m[2]] : null;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

const en = loadPacks("en");
const enFlat = flatten(en);
const enKeys = new Set(enFlat.keys());

describe("plural forms with the real packs", () => {
  it("gives Russian distinct zero, one, few and many forms", () => {
    const i18n = createI18n("ru", loadPacks("ru"));
    const t = (count: number) => i18n.t("lessons", { count });
    const zero = t(0);
    const one = [t(1), t(21)];
    const few = [t(2), t(3), t(22)];
    const many = [t(5), t(11), t(25)];

    expect(zero).not.toContain("0");
    expect(one).toEqual(["1 урок", "21 урок"]);
    expect(few).toEqual(["2 урока", "3 урока", "22 урока"]);
    expect(many).toEqual(["5 уроков", "11 уроков", "25 уроков"]);
    const shapes = new Set([zero, ...[one[0], few[0], many[0]].map((s) => s.replace(/\d+/, "#"))]);
    expect(shapes.size).toBe(4);
    for (const s of [zero, ...one, ...few, ...many]) expect(s).not.toBe("lessons");
  });

  it("gives English distinct zero, one and other forms", () => {
    const i18n = createI18n("en", en);
    expect(i18n.t("lessons", { count: 0 })).toBe("No lessons");
    expect(i18n.t("lessons", { count: 1 })).toBe("1 lesson");
    expect(i18n.t("lessons", { count: 2 })).toBe("2 lessons");
    expect(i18n.t("lessons", { count: 21 })).toBe("21 lessons");
    expect(i18n.t("guideline:icons.text", { count: 1 })).toMatch(/^1 icon,/);
    expect(i18n.t("guideline:icons.text", { count: 12 })).toMatch(/^12 icons,/);
  });

  it("gives Arabic six distinct forms", () => {
    const i18n = createI18n("ar", loadPacks("ar"));
    const forms = [0, 1, 2, 3, 11, 100].map((count) => i18n.t("lessons", { count }));
    expect(new Set(forms).size).toBe(6);
    expect(forms[3]).toContain("3");
    expect(forms[4]).toContain("11");
    expect(forms[5]).toContain("100");
    for (const s of forms) expect(s).not.toMatch(/lesson/);
  });

  it("gives Turkish a zero form and a count for the rest", () => {
    const i18n = createI18n("tr", loadPacks("tr"));
    expect(i18n.t("lessons", { count: 0 })).not.toContain("0");
    expect(i18n.t("lessons", { count: 1 })).toMatch(/^1 /);
    expect(i18n.t("lessons", { count: 7 })).toMatch(/^7 /);
  });
});

describe.each(TRANSLATED)("%s language pack", (lang) => {
  const flat = flatten(loadPacks(lang));
  const keys = new Set(flat.keys());
  const categories = new Set(new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[]);

  it("has every English key (plural-aware)", () => {
    const missing: string[] = [];
    for (const key of enKeys) {
      const plural = pluralBase(key, enKeys);
      if (!plural) {
        if (!keys.has(key)) missing.push(key);
        continue;
      }
      const [base, suffix] = plural;
      // The language's own categories replace English one/other; an explicit zero stays required.
      const required = new Set(categories);
      if (suffix === "zero") required.add("zero");
      for (const s of required) if (!keys.has(`${base}_${s}`)) missing.push(`${base}_${s}`);
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it("has no keys that English does not have", () => {
    const extra: string[] = [];
    for (const key of keys) {
      if (enKeys.has(key)) continue;
      const m = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
      const isPluralOfEnglish = m && (PLURAL_SUFFIXES as readonly string[]).includes(m[2]) && enKeys.has(`${m[1]}_other`);
      if (!isPluralOfEnglish) extra.push(key);
    }
    expect(extra).toEqual([]);
  });

  it("keeps the interpolations of the English strings", () => {
    const wrong: string[] = [];
    for (const [key, value] of flat) {
      const plural = pluralBase(key, keys);
      if (plural) {
        const enVars = new Set([...enFlat].filter(([k]) => pluralBase(k, enKeys)?.[0] === plural[0]).flatMap(([, v]) => placeholders(v)));
        // Arabic "one" and "two" forms may spell the number out instead of using {{count}}.
        if (placeholders(value).some((p) => !enVars.has(p))) wrong.push(key);
        if ([...enVars].some((p) => p !== "count" && !placeholders(value).includes(p))) wrong.push(key);
      } else if (JSON.stringify(placeholders(value)) !== JSON.stringify(placeholders(enFlat.get(key) ?? ""))) {
        wrong.push(key);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("translates every string except brand names and short codes", () => {
    const allowed = new Set([
      "common:consent.categories.youtube.title",
      "common:consent.categories.vimeo.title",
      "common:consent.categories.hotjar.title",
      "shell:footer.social.youtube",
      "shell:footer.social.instagram",
      "shell:footer.social.facebook",
      "shell:footer.social.telegram",
      "shell:footer.social.x",
      // An e-mail address placeholder; Arabic keeps a Latin address.
      "guideline:components.fieldPlaceholder",
      // Payment providers' brand names.
      "backoffice:orders.gateways.liqpay",
      "backoffice:orders.gateways.wayforpay",
      // ISO 4217 currency codes, the same in every language.
      "studio:options.UAH",
      "studio:options.USD",
      "studio:options.RUB",
      // The video icon's name: "Video" is the Turkish word as well.
      "studio:options.video",
      // Sign-in providers and messengers of the back office's registration settings: brand names.
      "backoffice:settings.fields.whatsapp",
      "backoffice:settings.fields.telegram",
      "backoffice:settings.fields.viber",
      "backoffice:settings.fields.facebookmessenger",
      "backoffice:settings.fields.google",
      "backoffice:settings.fields.facebook",
      "backoffice:settings.fields.googleOneTap",
      "backoffice:settings.options.whatsapp",
      "backoffice:settings.options.telegram",
      "backoffice:settings.options.viber",
      "backoffice:settings.options.facebookmessenger",
      "backoffice:settings.paths.whatsapp",
      "backoffice:settings.paths.telegram",
      "backoffice:settings.paths.viber",
      "backoffice:settings.paths.facebookmessenger",
      "backoffice:settings.paths.google",
      "backoffice:settings.paths.facebook",
      "backoffice:settings.paths.googleOneTap",
    ]);
    // Placeholders and punctuation alone ("{{count}} / {{max}}") have nothing to translate.
    const hasWords = (value: string) => /\p{L}/u.test(value.replace(/\{\{[^}]*\}\}/g, ""));
    const untranslated = [...flat].filter(([key, value]) => !allowed.has(key) && hasWords(value) && enFlat.get(key) === value).map(([key]) => key);
    expect(untranslated).toEqual([]);
    for (const [key, value] of flat) expect(value.trim(), key).not.toBe("");
  });

  it("translates the empty-dropdown text and the 404 title", () => {
    const i18n = createI18n(lang, loadPacks(lang));
    for (const text of [i18n.t("shell:dropdown.empty"), i18n.t("guideline:components.emptyDropdown")]) {
      expect(text).not.toBe("Sorry, no matching options");
      expect(text).not.toMatch(/sorry|matching|options/i);
    }
    const notFound = i18n.t("errors:notFound.title");
    expect(notFound).not.toBe("This page could not be found");
    expect(notFound).not.toMatch(/page|found/i);
    for (const value of flat.values()) {
      expect(value).not.toContain("Sorry, no matching options");
      expect(value).not.toContain("This page could not be found");
    }
  });
});
