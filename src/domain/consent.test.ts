import { describe, expect, it } from "vitest";
import { consentCookieName, consentFromMap, consentMap, sameConsent } from "./consent";

describe("consent maps", () => {
  it("denies every key while nobody has decided", () => {
    expect(consentMap(null)).toEqual({ analytics: "denied", youtube: "denied", vimeo: "denied", hotjar: "denied" });
  });
  it("maps a decision per key", () => {
    expect(consentMap({ analytics: true, youtube: false, vimeo: true, hotjar: false })).toEqual({
      analytics: "granted",
      youtube: "denied",
      vimeo: "granted",
      hotjar: "denied",
    });
  });
  it("reads a stored map back, and refuses an incomplete or damaged one", () => {
    expect(consentFromMap({ analytics: "granted", youtube: "denied", vimeo: "denied", hotjar: "granted" })).toEqual({
      analytics: true,
      youtube: false,
      vimeo: false,
      hotjar: true,
    });
    expect(consentFromMap({ analytics: "granted" })).toBeNull();
    expect(consentFromMap({ analytics: "yes", youtube: "denied", vimeo: "denied", hotjar: "denied" })).toBeNull();
  });
  it("compares a stored map with the current one", () => {
    const now = consentMap({ analytics: true, youtube: false, vimeo: false, hotjar: false });
    expect(sameConsent(undefined, now)).toBe(false);
    expect(sameConsent({ ...now }, now)).toBe(true);
    expect(sameConsent({ ...now, vimeo: "granted" }, now)).toBe(false);
  });
  it("names the per-key cookies as the seed does", () => {
    expect(consentCookieName("youtube")).toBe("consent_cookies-youtube");
  });
});
