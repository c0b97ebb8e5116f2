import DOMPurify from "isomorphic-dompurify";
import type { TBlock } from "../../domain/page";

const cache = new Map<string, string>();
const MAX = 500;

/**
 * Rich text from the designer, made safe to put in a page as HTML: scripts, event handlers,
 * `javascript:` links, styles and forms are removed. Results are memoised (the same blocks are read
 * by many requests). It runs on the server only, so the browser never loads DOMPurify
 * (docs/decisions/0020-lean-client.md).
 */
export function sanitizeHtml(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ["style", "form"], ADD_ATTR: ["target"] });
  if (cache.size >= MAX) cache.delete(cache.keys().next().value as string);
  cache.set(html, clean);
  return clean;
}

/**
 * The blocks as readers get them: every prop the web app renders as HTML (text and embed blocks'
 * `html`) sanitised. All page reads (the pages API, SSR loaders, the blocks of courses, elements and
 * microcourses) present their blocks through this, so the browser can trust what it is given.
 */
export function sanitizeBlocks(blocks: TBlock[]): TBlock[] {
  return blocks.map((block) => {
    if ((block.type === "text" || block.type === "embed") && typeof block.props.html === "string") {
      return { ...block, props: { ...block.props, html: sanitizeHtml(block.props.html) } } as TBlock;
    }
    return block;
  });
}
