import { CONSENT_CATEGORIES, type ConsentCategory } from "./constants";

export type ConsentState = "granted" | "denied";
export type ConsentMap = Record<ConsentCategory, ConsentState>;

/** Seed 001 §3: consent per cookie key is 'granted' or 'denied'; no decision yet means denied. */
export function consentMap(consent: Record<ConsentCategory, boolean> | null): ConsentMap {
  return Object.fromEntries(CONSENT_CATEGORIES.map((c) => [c, consent?.[c] ? "granted" : "denied"])) as ConsentMap;
}

export function consentFromMap(map: Partial<Record<string, string>>): Record<ConsentCategory, boolean> | null {
  if (!CONSENT_CATEGORIES.every((c) => map[c] === "granted" || map[c] === "denied")) return null;
  return Object.fromEntries(CONSENT_CATEGORIES.map((c) => [c, map[c] === "granted"])) as Record<ConsentCategory, boolean>;
}

export function sameConsent(a: Partial<Record<string, string>> | undefined, b: ConsentMap): boolean {
  return !!a && CONSENT_CATEGORIES.every((c) => a[c] === b[c]);
}

/** Seed 001 §3: one cookie per key, consent_cookies-{key}. */
export const consentCookieName = (key: ConsentCategory) => `consent_cookies-${key}`;
