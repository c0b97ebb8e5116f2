/**
 * Splits a participant's text into plain parts and http(s) links (issue 12: "links in messages are
 * clickable and safe; nothing a participant types is ever rendered as HTML"). The caller draws the
 * parts as React text nodes and anchors; nothing here makes markup. A link is only what parses as an
 * absolute http: or https: URL; `javascript:`, `data:` and anything else stay text.
 */

export type TextPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

/** A run that starts with http:// or https:// and lasts until whitespace or a character that cannot end a URL in prose. */
const URL_RUN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the URL ("see https://x.org/a."). */
const TRAILING = /[.,;:!?…'")\]}]+$/;

function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(URL_RUN)) {
    const start = match.index;
    let raw = match[0];
    // Keep a closing bracket that belongs to the URL (wikipedia's "Foo_(bar)").
    const trail = TRAILING.exec(raw)?.[0] ?? "";
    if (trail) {
      let cut = trail.length;
      if (trail.startsWith(")") && raw.slice(0, -trail.length).includes("(")) cut -= 1;
      raw = raw.slice(0, raw.length - cut);
    }
    const href = safeHref(raw);
    if (!href) continue;
    if (start > plainFrom) parts.push({ kind: "text", text: text.slice(plainFrom, start) });
    parts.push({ kind: "link", text: raw, href });
    plainFrom = start + raw.length;
  }
  if (plainFrom < text.length) parts.push({ kind: "text", text: text.slice(plainFrom) });
  return parts;
}
