import { z } from "zod";
import { ZText } from "./validation/safe-text";

/**
 * The opaque cursor of the catalogue and microcourse lists (issue 30): the position after (or
 * before) one course or microcourse of the list, named by its id. Keyset, never an offset, so a page
 * costs the same at the thousandth course as at the first. Clients pass back what a reply gave them
 * and never build one: the server accepts only a cursor naming a row of the list the caller may see
 * (any other is 400 CURSOR-INVALID), so a made-up cursor cannot probe drafts or hidden courses.
 */
const PREFIX = "1.";
/** Ids of courses and microcourses are [A-Za-z0-9_-]{1,120}; the prefix versions the format. */
export const LIST_CURSOR_MAX = PREFIX.length + 120;
export const ZListCursor = ZText.max(LIST_CURSOR_MAX).regex(/^1\.[A-Za-z0-9_-]{1,120}$/);

export const encodeListCursor = (id: string): string => `${PREFIX}${id}`;
/** The id a cursor names; only for a string that passed ZListCursor. */
export const listCursorId = (cursor: string): string => cursor.slice(PREFIX.length);

/** Paging of a list reply: where the next and the previous pages start; null at either end. */
export const ZListPaging = z.object({
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
});
export type TListPaging = z.infer<typeof ZListPaging>;

/** The paging query of a list: after `cursor` (the next page) or `before` (the previous), not both. */
export const listPagingShape = {
  /** The `nextCursor` of a reply: the page after it. */
  cursor: ZListCursor.optional(),
  /** The `prevCursor` of a reply: the page before it. */
  before: ZListCursor.optional(),
};
export const notBoth = (q: { cursor?: string; before?: string }) => !(q.cursor && q.before);

export interface ListAnchor {
  id: string;
  dir: "after" | "before";
}

/** The anchor a paging query names, or null for the first page (after ZListCursor has checked both). */
export function anchorOf(q: { cursor?: string; before?: string }): ListAnchor | null {
  if (q.cursor) return { id: listCursorId(q.cursor), dir: "after" };
  if (q.before) return { id: listCursorId(q.before), dir: "before" };
  return null;
}

/**
 * One keyset page and its cursors, from `fetch` (rows in list order after the anchor, or nearest
 * first before it; at most `limit` of them). One more row than the page is read to know whether a
 * next (or previous) page exists, so the cost is the page's, never the list's. A "before" page that
 * reaches the start is the first page: a short one (rows went since the cursor was given) is read
 * again from the start, so the first page always looks the same.
 */
export async function keysetPage<T extends { id: string }>(
  anchor: ListAnchor | null,
  limit: number,
  fetch: (anchor: ListAnchor | null, limit: number) => Promise<T[]>,
): Promise<{ rows: T[] } & TListPaging> {
  if (anchor?.dir === "before") {
    const rows = await fetch(anchor, limit + 1);
    if (rows.length > limit) {
      const page = rows.slice(0, limit).reverse();
      return { rows: page, prevCursor: encodeListCursor(page[0]!.id), nextCursor: encodeListCursor(page.at(-1)!.id) };
    }
    if (rows.length === limit) {
      // A copy: the rows may come frozen from the content cache.
      const page = [...rows].reverse();
      return { rows: page, prevCursor: null, nextCursor: encodeListCursor(page.at(-1)!.id) };
    }
    return keysetPage(null, limit, fetch);
  }
  const rows = await fetch(anchor, limit + 1);
  const page = rows.slice(0, limit);
  return {
    rows: page,
    nextCursor: rows.length > limit ? encodeListCursor(page.at(-1)!.id) : null,
    prevCursor: anchor && page.length > 0 ? encodeListCursor(page[0]!.id) : null,
  };
}
