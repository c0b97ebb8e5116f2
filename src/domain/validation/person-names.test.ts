import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NAME_FORBIDDEN, NAME_MAX, NAME_MIN, ZPersonName } from "./fields";
import { ZSignUp } from "./forms";
import { MSG } from "./messages";
import { buildRegistrationSchema, buildSignUpSchema, defaultRegistrationFields } from "./registration-fields";

/**
 * Issue 28: last (and first) names with a hyphen, an apostrophe or spaces between words are names.
 * Seed 001 §5 refuses digits and the listed special characters only, 2 to 15 characters; every schema
 * that takes a name (the sign-up body, the portal's registration fields, the form) shares the rule.
 */
const SEED_SPECIALS = ["_", "!", "?", "/", "+", "=", "@", "#", "$", "%", "&", "*", "(", ")", "{", "}", "|", "~", "<", ">", ";", ":", "[", "]"];
const NAMES = ["O'Brien", "O’Brien", "Al-Hassan", "de la Cruz", "Jean-Luc", "D'Souza-Khan", "عبد الله", "آل-حسن", "Ольга-Мария", "Çağrı Su", "N’Dour"];

const base = { email: "a@b.com", password: "secret", firstName: "Ann", agree: true };
const signUp = buildSignUpSchema(defaultRegistrationFields());
const registration = buildRegistrationSchema(defaultRegistrationFields());
const keyOf = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (r.success ? null : r.error!.issues[0].message);

describe("person names (issue 28)", () => {
  it("accepts hyphens, both apostrophes and spaces between words, in every schema with names", () => {
    for (const name of NAMES) {
      expect(ZPersonName.safeParse(name).success, name).toBe(true);
      expect(ZSignUp.parse({ ...base, lastName: name }).lastName, name).toBe(name);
      expect(signUp.parse({ ...base, lastName: name }).lastName, name).toBe(name);
      expect(registration.parse({ ...base, firstName: name, lastName: name }), name).toMatchObject({ firstName: name, lastName: name });
    }
  });

  it("keeps the seed's bounds: 2 to 15 characters", () => {
    expect(NAME_MIN).toBe(2);
    expect(NAME_MAX).toBe(15);
    expect(ZPersonName.safeParse("O'").success).toBe(true);
    expect(keyOf(ZPersonName.safeParse("O"))).toBe(MSG.minLength);
    expect(ZPersonName.safeParse("de la Cruz-Ruiz").success).toBe(true); // 15
    expect(keyOf(ZPersonName.safeParse("de la Cruz-Ruizz"))).toBe(MSG.maxLength); // 16
  });

  it("refuses every special character the seed lists, and digits", () => {
    for (const ch of SEED_SPECIALS) {
      expect(keyOf(ZPersonName.safeParse(`O${ch}Brien`)), ch).toBe(MSG.name);
      expect(keyOf(signUp.safeParse({ ...base, lastName: `Al${ch}Hassan` })), ch).toBe(MSG.name);
    }
    for (const name of ["O'Brien2", "Al-Hassan٣", "de la 1Cruz"]) expect(keyOf(ZPersonName.safeParse(name)), name).toBe(MSG.name);
  });

  it("refuses nothing the seed does not list: other punctuation between letters stays allowed", () => {
    for (const name of ["J. R.", "Anne–Marie", "Zoë ʻAkau", "Ma`ia"]) expect(ZPersonName.safeParse(name).success, name).toBe(true);
  });
  // The issue's "refused" names were accepted by the rule; its message, "Use 2 to 15 letters, without
  // digits or symbols.", read as if a hyphen were a symbol. It now says what a name may hold.
  it("says in every language that hyphens and apostrophes are fine, naming only symbols the rule refuses", () => {
    const LOCALES = path.join(process.cwd(), "locales");
    const ALLOWED_WORDS: Record<string, RegExp> = {
      en: /hyphens and apostrophes/,
      tr: /kısa çizgi ve kesme işareti/,
      ar: /الشرطات والفواصل العليا/,
      ru: /дефисы и апострофы/,
    };
    for (const lang of readdirSync(LOCALES)) {
      const auth: unknown = JSON.parse(readFileSync(path.join(LOCALES, lang, "auth.json"), "utf8"));
      const message = String(MSG.name.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], auth));
      expect(message, lang).toMatch(ALLOWED_WORDS[lang]);
      const named = message.match(/(?<= )[_!?/@#](?= )/g) ?? [];
      expect(named.length, lang).toBeGreaterThanOrEqual(4);
      for (const ch of named) expect(NAME_FORBIDDEN.test(ch), `${lang} names ${ch}`).toBe(true);
    }
  });
});
