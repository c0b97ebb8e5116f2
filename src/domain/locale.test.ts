import { describe, expect, it } from "vitest";
import { FALLBACK_LANG } from "./constants";
import { dirOf, formatDate, isPortalLang, isRtl, normalizeLocale, portalLang, requestLang } from "./locale";

describe("normalizeLocale", () => {
  const supported = ["en", "tr", "ru", "ar"];

  it("reduces a tag to its primary subtag", () => {
    expect(normalizeLocale("en-US", supported)).toBe("en");
    expect(normalizeLocale("ru_RU", supported)).toBe("ru");
    expect(normalizeLocale("tr", supported)).toBe("tr");
  });

  it("is case-insensitive and trims whitespace", () => {
    expect(normalizeLocale("EN-gb", supported)).toBe("en");
    expect(normalizeLocale("  AR ", supported)).toBe("ar");
  });

  it("falls back when the primary subtag is unsupported", () => {
    expect(normalizeLocale("pt_BR", supported)).toBe("en");
    expect(normalizeLocale("pt_BR", supported, "tr")).toBe("tr");
    expect(normalizeLocale("de", ["tr", "ru"], "tr")).toBe("tr");
  });

  it("falls back for missing or malformed input", () => {
    expect(normalizeLocale(null, supported)).toBe(FALLBACK_LANG);
    expect(normalizeLocale(undefined, supported, "ru")).toBe("ru");
    expect(normalizeLocale("", supported, "tr")).toBe("tr");
    expect(normalizeLocale("-", supported, "tr")).toBe("tr");
  });
});

describe("isRtl / dirOf", () => {
  it.each(["ar", "fa", "ku", "kab"])("%s is right-to-left", (lang) => {
    expect(isRtl(lang)).toBe(true);
    expect(dirOf(lang)).toBe("rtl");
  });

  it.each(["tr", "en", "ru"])("%s is left-to-right", (lang) => {
    expect(isRtl(lang)).toBe(false);
    expect(dirOf(lang)).toBe("ltr");
  });
});

describe("formatDate", () => {
  const date = new Date(Date.UTC(2026, 10, 21));

  it('uses the "MMM d, yyyy" shape in English', () => {
    expect(formatDate(date, "en")).toBe("Nov 21, 2026");
    expect(formatDate("2026-11-21", "en")).toBe("Nov 21, 2026");
    expect(formatDate(date.getTime(), "en")).toBe("Nov 21, 2026");
    expect(formatDate("2026-01-05", "en")).toBe("Jan 5, 2026");
  });

  it("formats in UTC, not in the machine's time zone", () => {
    expect(formatDate("2026-11-21T23:59:59Z", "en")).toBe("Nov 21, 2026");
    expect(formatDate("2026-11-21T00:00:00Z", "en")).toBe("Nov 21, 2026");
  });

  it.each([
    ["tr", "Kas"],
    ["ru", "нояб"],
    ["ar", "نوفمبر"],
  ])("uses the %s month name and keeps the month, day, comma, year order", (lang, month) => {
    const out = formatDate(date, lang);
    expect(out).toBe(`${month} 21, 2026`);
    expect(out).not.toContain("Nov");
    expect(out).not.toMatch(/\.\s/); // the abbreviation dot is dropped
  });

  it("returns an empty string for an invalid date", () => {
    expect(formatDate("not a date", "en")).toBe("");
    expect(formatDate(new Date(Number.NaN), "tr")).toBe("");
    expect(formatDate(Number.NaN, "ru")).toBe("");
  });
});

describe("the portal's language check", () => {
  const langs = ["tr", "en", "ar"];
  it("takes a portal language, else the fallback", () => {
    expect(isPortalLang("en", langs)).toBe(true);
    expect(isPortalLang("de", langs)).toBe(false);
    expect(isPortalLang(undefined, langs)).toBe(false);
    expect(portalLang("ar", langs, "tr")).toBe("ar");
    expect(portalLang("de", langs, "tr")).toBe("tr");
  });
  it("picks a request's language: route, else cookie, else primary", () => {
    expect(requestLang("en", "ar", langs, "tr")).toBe("en");
    expect(requestLang("de", "ar-SA", langs, "tr")).toBe("ar");
    expect(requestLang(undefined, "de", langs, "tr")).toBe("tr");
    expect(requestLang(undefined, null, langs, "tr")).toBe("tr");
  });
});
