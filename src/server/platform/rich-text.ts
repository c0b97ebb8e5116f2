import sanitize from "sanitize-html";
import type { TBlock } from "../../domain/page";

const cache = new Map<string, string>();
const MAX = 500;

/**
 * What rich text may hold: formatting, lists, quotes, tables, links and images, nothing else. An
 * allowlist over an HTML parser (htmlparser2), so anything unlisted goes, with the text of the
 * elements whose text is no content (script, style, textarea...). Links and images keep http(s)
 * addresses and same-site paths; links also mailto and tel. Why not DOMPurify: docs/decisions/0036.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    ...["p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "div", "span", "blockquote", "q", "cite", "abbr", "address"],
    ...["strong", "b", "em", "i", "u", "s", "del", "ins", "mark", "small", "sub", "sup", "code", "pre", "kbd", "samp", "var", "time"],
    ...["ul", "ol", "li", "dl", "dt", "dd", "figure", "figcaption", "details", "summary", "a", "img"],
    ...["table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "th", "td"],
  ],
  allowedAttributes: {
    "*": ["class", "dir", "lang", "title", "aria-*", "data-*"],
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height", "loading"],
    ol: ["start", "reversed", "type"],
    li: ["value"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    col: ["span"],
    colgroup: ["span"],
    time: ["datetime"],
    details: ["open"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: "discard",
};

/**
 * Rich text from the designer, made safe to put in a page as HTML: scripts, event handlers,
 * `javascript:` links, styles, forms and frames are removed. Results are memoised (the same blocks are
 * read by many requests). It runs on the server only, so the browser never loads a sanitiser
 * (docs/decisions/0020-lean-client.md).
 */
export function sanitizeHtml(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitize(html, OPTIONS);
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
