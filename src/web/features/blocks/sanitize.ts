import DOMPurify from "isomorphic-dompurify";

const cache = new Map<string, string>();
const MAX = 500;

/** Rich text from the designer is sanitised before it reaches the page; results are memoised. */
export function sanitizeHtml(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ["style", "form"], ADD_ATTR: ["target"] });
  if (cache.size >= MAX) cache.delete(cache.keys().next().value as string);
  cache.set(html, clean);
  return clean;
}
