/**
 * Every redirect of ours goes through `toLocation` (docs/decisions/0014). A Location header is a
 * byte string: Node (and the Fetch Headers that React Router's redirect() builds) throw on a
 * character above U+00FF, so a return address such as "/ru/курсы" used to end in a 500. The WHATWG
 * URL parser, the one browsers use, percent-encodes what must be encoded and keeps existing escapes,
 * so "/ru/курсы?q=б" becomes "/ru/%D0%BA%D1%83%D1%80%D1%81%D1%8B?q=%D0%B1" and "/a%20b" stays.
 */
const PROBE_ORIGIN = "http://mentora.invalid";

/** A path on this site or an absolute URL, encoded for a Location header (ASCII only). */
export function toLocation(target: string): string {
  try {
    if (target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\")) {
      const url = new URL(target, PROBE_ORIGIN);
      if (url.origin === PROBE_ORIGIN) return `${url.pathname}${url.search}${url.hash}`;
    }
    return new URL(target).href;
  } catch {
    // Not a URL at all: encode it as a path would be, never pass raw bytes on.
    return encodeURI(target.replace(/[\p{Cs}]/gu, "\uFFFD"));
  }
}

/** True when a header value can be sent as is (Latin-1 without control characters). */
export function isHeaderSafe(value: string): boolean {
  return /^[\x20-\x7e\x80-\xff\t]*$/.test(value);
}
