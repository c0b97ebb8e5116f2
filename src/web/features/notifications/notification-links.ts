/**
 * A notification's link as the page may follow it: a path of this site only (the server sends relative
 * paths; anything else, `//evil`, `javascript:`, an absolute URL, is shown without a link).
 *
 * A link is written in the language of whoever caused it (a discussion reply by an Arabic reader links
 * to `/ar/…`); given `lang` and the portal's `langs`, a leading portal language is swapped for the
 * reader's own, so the page opens in the language they read the notification in.
 */
export function notificationHref(link: string | null, reader?: { lang: string; langs: readonly string[] }): string | null {
  if (!link || !link.startsWith("/") || link.startsWith("//") || link.startsWith("/\\")) return null;
  if (!reader) return link;
  const first = /^\/([^/?#]+)(?=[/?#]|$)/.exec(link)?.[1];
  return first && first !== reader.lang && reader.langs.includes(first) ? `/${reader.lang}${link.slice(first.length + 1)}` : link;
}
