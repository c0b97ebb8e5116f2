import { INBOX_FILTERS } from "../../../domain/chat";

/**
 * The inbox's filters (docs/api/chat.md "Mentors"): a mentor reads the chats given to them; leaders
 * read every chat of the portal, so only they get "all".
 */

export type InboxFilter = (typeof INBOX_FILTERS)[number];

/** The filters a viewer may pick, in the order they are shown. */
export function inboxFilters(leader: boolean): InboxFilter[] {
  return INBOX_FILTERS.filter((f) => f !== "all" || leader);
}

/** The filter of the address (`?filter=`): anything unknown, or "all" for a mentor, is the default "waiting". */
export function parseInboxFilter(value: string | null, leader: boolean): InboxFilter {
  const allowed = inboxFilters(leader);
  return allowed.find((f) => f === value) ?? "waiting";
}

/** The inbox's pages joined in order, each chat once (a chat that moved up between two pages stays where it was first seen). */
export function joinInboxPages<T extends { id: string }>(pages: ReadonlyArray<{ items: readonly T[] }>): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}
