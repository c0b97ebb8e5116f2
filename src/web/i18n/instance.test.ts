import { describe, expect, it } from "vitest";
import { i18nFor } from "./instance";
import type { Resources } from "./translator";

const packs = (greeting: string): Resources => ({ common: { greeting } });

describe("i18next instances on the server", () => {
  it("are built once per language and packs object, and reused across requests", () => {
    const tr = packs("Merhaba");
    expect(i18nFor("tr", tr)).toBe(i18nFor("tr", tr));
    expect(i18nFor("tr", tr).t("greeting")).toBe("Merhaba");
  });

  it("never share a language: interleaved renders in two languages each keep their own", () => {
    const tr = packs("Merhaba");
    const ru = packs("Привет");
    const trInstance = i18nFor("tr", tr);
    const ruInstance = i18nFor("ru", ru);
    expect(ruInstance).not.toBe(trInstance);
    for (let i = 0; i < 3; i++) {
      expect(i18nFor("tr", tr).t("greeting")).toBe("Merhaba");
      expect(i18nFor("ru", ru).t("greeting")).toBe("Привет");
    }
    expect(trInstance.language).toBe("tr");
    expect(ruInstance.language).toBe("ru");
  });

  it("are rebuilt when the packs object changes (development re-reads the packs on every request)", () => {
    const before = i18nFor("en", packs("Hello"));
    const after = i18nFor("en", packs("Hi"));
    expect(after).not.toBe(before);
    expect(after.t("greeting")).toBe("Hi");
    expect(before.t("greeting")).toBe("Hello");
  });
});
