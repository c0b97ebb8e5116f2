import { describe, expect, it } from "vitest";
import { CONSENT_CATEGORIES } from "../domain/constants";
import { langCookie, parseConsent, readCookie, serializeConsent, type Consent } from "./cookies";

describe("readCookie", () => {
  it("finds a cookie by exact name", () => {
    expect(readCookie("a=1; lang=tr; b=2", "lang")).toBe("tr");
    expect(readCookie("lang=ru", "lang")).toBe("ru");
  });

  it("does not match on a name prefix or suffix", () => {
    expect(readCookie("xlang=en; langx=ar; lang=tr", "lang")).toBe("tr");
    expect(readCookie("xlang=en; langx=ar", "lang")).toBeNull();
  });

  it("decodes the value and keeps '=' inside it", () => {
    expect(readCookie("cookie-agreement=analytics%3A1%7Cyoutube%3A0", "cookie-agreement")).toBe("analytics:1|youtube:0");
    expect(readCookie("token=a=b=c", "token")).toBe("a=b=c");
  });

  it("returns null for a missing header, missing cookie or undecodable value", () => {
    expect(readCookie(null, "lang")).toBeNull();
    expect(readCookie(undefined, "lang")).toBeNull();
    expect(readCookie("", "lang")).toBeNull();
    expect(readCookie("a=1; b=2", "lang")).toBeNull();
    expect(readCookie("lang=%E0%A4%A", "lang")).toBeNull();
  });

  it("skips fragments without '='", () => {
    expect(readCookie("garbage; lang=en", "lang")).toBe("en");
  });
});

describe("parseConsent", () => {
  it("parses a complete cookie", () => {
    expect(parseConsent("analytics:1|youtube:0|vimeo:1|hotjar:0")).toEqual({
      analytics: true,
      youtube: false,
      vimeo: true,
      hotjar: false,
    });
  });

  it("does not depend on the order of categories", () => {
    expect(parseConsent("hotjar:1|vimeo:0|youtube:1|analytics:0")).toEqual({
      analytics: false,
      youtube: true,
      vimeo: false,
      hotjar: true,
    });
  });

  it("returns null when a category is missing", () => {
    expect(parseConsent("analytics:1|youtube:0|vimeo:1")).toBeNull();
  });

  it("returns null for a damaged value", () => {
    expect(parseConsent("analytics:yes|youtube:0|vimeo:1|hotjar:0")).toBeNull();
    expect(parseConsent("analytics|youtube:0|vimeo:1|hotjar:0")).toBeNull();
    expect(parseConsent("analytics:1|youtube:|vimeo:1|hotjar:0")).toBeNull();
    expect(parseConsent("{not json either}")).toBeNull();
  });

  it("returns null when there is no cookie", () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent("")).toBeNull();
  });
});

describe("serializeConsent", () => {
  it("writes every category in a fixed order", () => {
    expect(serializeConsent({ analytics: true, youtube: false, vimeo: true, hotjar: false })).toBe("analytics:1|youtube:0|vimeo:1|hotjar:0");
  });

  it("round-trips through parseConsent", () => {
    const cases: Consent[] = [
      { analytics: true, youtube: true, vimeo: true, hotjar: true },
      { analytics: false, youtube: false, vimeo: false, hotjar: false },
      { analytics: false, youtube: true, vimeo: false, hotjar: true },
    ];
    for (const consent of cases) {
      expect(parseConsent(serializeConsent(consent))).toEqual(consent);
    }
  });

  it("survives the cookie encoding used by readCookie", () => {
    const consent: Consent = { analytics: true, youtube: false, vimeo: true, hotjar: true };
    const header = `lang=en; cookie-agreement=${encodeURIComponent(serializeConsent(consent))}`;
    expect(parseConsent(readCookie(header, "cookie-agreement"))).toEqual(consent);
    expect(Object.keys(consent).sort()).toEqual([...CONSENT_CATEGORIES].sort());
  });
});

describe("langCookie", () => {
  it("adds Secure only when asked", () => {
    expect(langCookie("tr", true)).toMatch(/^lang=tr; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/);
    expect(langCookie("tr", false)).not.toContain("Secure");
  });
});
