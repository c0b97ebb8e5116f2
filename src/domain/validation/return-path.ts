import { isSafeText } from "./text-rule";

/* Without zod: the browser checks return paths on every page (docs/decisions/0020-lean-client.md). ZReturnPath is in fields.ts. */

export const RETURN_PATH_MAX = 2048;

const CONTROL = /\p{Cc}/u;
const PROBE_ORIGIN = "http://mentora.invalid";

/**
 * returnTo / quick_link / continue must stay on this site (seed 8: invalid redirect -> ERR_REDIRECT).
 * "//evil.com" and "/\evil.com" are protocol-relative to browsers, and browsers drop tabs and
 * newlines from URLs, so "/\t/evil.com" is "//evil.com": raw control characters are refused.
 * Percent-encoded ones ("/%0d%0a") stay inert path text and are allowed.
 */
export function isSafeReturnPath(s: unknown): s is string {
  if (typeof s !== "string" || s.length === 0 || s.length > RETURN_PATH_MAX) return false;
  if (s[0] !== "/" || s[1] === "/" || s[1] === "\\") return false;
  // A backslash is a slash to browsers in http(s) URLs; no legitimate path of ours needs a raw one.
  if (s.includes("\\") || CONTROL.test(s) || !isSafeText(s)) return false;
  try {
    // Belt and braces: the WHATWG parser, which browsers use, must resolve it onto our own origin.
    return new URL(s, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}
