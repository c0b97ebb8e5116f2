/**
 * A notification's link as the page may follow it: a path of this site only (the server sends relative
 * paths; anything else, `//evil`, `javascript:`, an absolute URL, is shown without a link).
 */
export function notificationHref(link: string | null): string | null {
  if (!link || !link.startsWith("/") || link.startsWith("//") || link.startsWith("/\\")) return null;
  return link;
}
