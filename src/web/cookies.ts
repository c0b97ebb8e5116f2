import { COOKIES, CONSENT_CATEGORIES, type ConsentCategory } from "../domain/constants";

export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export type Consent = Record<ConsentCategory, boolean>;

/** The consent cookie holds "analytics:1|youtube:0|..."; a missing or damaged cookie means no decision yet. */
export function parseConsent(raw: string | null): Consent | null {
  if (!raw) return null;
  const entries = raw.split("|").map((p) => p.split(":"));
  const consent = {} as Consent;
  for (const category of CONSENT_CATEGORIES) {
    const hit = entries.find(([k]) => k === category);
    if (!hit || (hit[1] !== "1" && hit[1] !== "0")) return null;
    consent[category] = hit[1] === "1";
  }
  return consent;
}

export function serializeConsent(consent: Consent): string {
  return CONSENT_CATEGORIES.map((c) => `${c}:${consent[c] ? 1 : 0}`).join("|");
}

const YEAR = 60 * 60 * 24 * 365;

export function langCookie(lang: string, secure: boolean): string {
  return `${COOKIES.lang}=${lang}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Browser-side cookie write (language switch, consent). */
export function writeBrowserCookie(name: string, value: string, maxAgeSeconds = YEAR) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}
