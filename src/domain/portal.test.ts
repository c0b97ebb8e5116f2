import { describe, expect, it } from "vitest";
import { ZTheme } from "./portal";
import { localized, pickLogo } from "./localized";

describe("localized", () => {
  const value = { tr: "Kurslar", en: "Courses", ru: "Курсы" };

  it("uses the requested language first", () => {
    expect(localized(value, "ru", "tr")).toBe("Курсы");
  });

  it("falls back to the primary language", () => {
    expect(localized(value, "ar", "en")).toBe("Courses");
    expect(localized(value, "ar", "tr")).toBe("Kurslar");
  });

  it("falls back to any value when neither language exists", () => {
    expect(localized({ ru: "Курсы" }, "ar", "tr")).toBe("Курсы");
  });

  it("returns an empty string when there is nothing", () => {
    expect(localized(undefined, "en", "tr")).toBe("");
    expect(localized({}, "en", "tr")).toBe("");
  });
});

describe("pickLogo", () => {
  const logos = { tr: "/logo-tr.svg", en: "/logo-en.svg" };

  it("picks the logo for the language", () => {
    expect(pickLogo(logos, "en", "tr", "/default.svg")).toBe("/logo-en.svg");
  });

  it("falls back to the primary language's logo", () => {
    expect(pickLogo(logos, "ar", "tr", "/default.svg")).toBe("/logo-tr.svg");
  });

  it("falls back to the default logo", () => {
    expect(pickLogo(logos, "ar", "ru", "/default.svg")).toBe("/default.svg");
    expect(pickLogo({}, "en", "tr", "/default.svg")).toBe("/default.svg");
  });

  it("treats an empty logo as missing", () => {
    expect(pickLogo({ en: "", tr: "/logo-tr.svg" }, "en", "tr", "/default.svg")).toBe("/logo-tr.svg");
    expect(pickLogo({ en: "", tr: "" }, "en", "tr", "/default.svg")).toBe("/default.svg");
  });
});

describe("ZTheme", () => {
  it("fills in the defaults", () => {
    const theme = ZTheme.parse({});
    expect(theme.componentBorderRadius).toBe(20);
    expect(theme.button.borderRadius).toBe(30);
    expect(theme.button.type).toBe("gradient");
    expect(theme.color).toBe("blue");
  });

  it("fills in button defaults for a partial button", () => {
    const theme = ZTheme.parse({ button: { id: "b1" } });
    expect(theme.button).toEqual({ id: "b1", borderRadius: 30, type: "gradient" });
  });

  it("keeps valid values", () => {
    const theme = ZTheme.parse({ componentBorderRadius: 8, button: { borderRadius: 4, type: "outline" }, color: "teal" });
    expect(theme.componentBorderRadius).toBe(8);
    expect(theme.button).toEqual({ borderRadius: 4, type: "outline" });
    expect(theme.color).toBe("teal");
  });

  it("rejects an unknown button type", () => {
    expect(ZTheme.safeParse({ button: { type: "neon" } }).success).toBe(false);
  });

  it("rejects an unknown colour and an out-of-range radius", () => {
    expect(ZTheme.safeParse({ color: "pink" }).success).toBe(false);
    expect(ZTheme.safeParse({ componentBorderRadius: 65 }).success).toBe(false);
    expect(ZTheme.safeParse({ componentBorderRadius: -1 }).success).toBe(false);
  });
});

describe("localized with empty translations", () => {
  it("treats an empty string as missing and falls back like pickLogo", () => {
    expect(localized({ en: "", tr: "Merhaba" }, "en", "tr")).toBe("Merhaba");
    expect(localized({ en: "", tr: "", ru: "Привет" }, "en", "tr")).toBe("Привет");
    expect(localized({ en: "" }, "en", "tr")).toBe("");
  });
});
