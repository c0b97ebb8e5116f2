import type { TDiscussionInfo, TDiscussionPost, TDiscussionReply } from "../../../domain/discussion";
import type { ApiError } from "../../lib/api";

/*
 * One discussion thread as the popup holds it (docs/api/discussions.md): the loaded posts, newest
 * activity first, the cursor of the next older page, and the posts written here that the server has not
 * confirmed yet. Pure, so the merging of pages, live entries and optimistic posts is tested on its own.
 */

/** A post or reply written here and not confirmed yet: sending, or failed (the retry sends the same id). */
export interface PendingPost {
  id: string;
  text: string;
  parentId: string | null;
  status: "sending" | "failed";
  error: ApiError | null;
}

export interface ThreadState {
  loaded: boolean;
  discussion: TDiscussionInfo | null;
  /** The viewer follows the thread (its new posts come in their discussion e-mails). */
  following: boolean;
  items: TDiscussionPost[];
  /** `before` of the next older page; null once the oldest is loaded. */
  nextCursor: string | null;
  pending: PendingPost[];
}

export const emptyThread: ThreadState = { loaded: false, discussion: null, following: false, items: [], nextCursor: null, pending: [] };

export interface ThreadPage {
  discussion: TDiscussionInfo;
  following: boolean;
  items: TDiscussionPost[];
  nextCursor: string | null;
}

export type ThreadAction =
  /** The first page, on opening (and again after a failed first load). */
  | { type: "page"; page: ThreadPage }
  /** The first page read again (a poll, a reconnect): merged with what is loaded. */
  | { type: "fresh"; page: ThreadPage }
  /** An older page ("older posts"). */
  | { type: "older"; page: ThreadPage }
  /** One entry read after a live event names one of its posts. */
  | { type: "entry"; entry: TDiscussionPost }
  /** A post or reply the viewer may no longer see (deleted, hidden): read as 404. */
  | { type: "gone"; id: string }
  /** The server's reply to a post or reply written here. */
  | { type: "created"; post: TDiscussionReply }
  /** A post or reply as it is now (the author's edit). */
  | { type: "replaced"; post: TDiscussionReply }
  /** The author deleted it. */
  | { type: "deleted"; id: string }
  /** Older replies of one post, oldest first, and the cursor of those older still. */
  | { type: "older-replies"; postId: string; items: TDiscussionReply[]; olderReplies: string | null }
  | { type: "send"; id: string; text: string; parentId: string | null }
  | { type: "retry"; id: string }
  | { type: "failed"; id: string; error: ApiError }
  | { type: "discard"; id: string };

const time = (iso: string) => Date.parse(iso) || 0;

/** A thread entry made of a top-level post just written (it has no replies yet). */
export function entryOf(post: TDiscussionReply): TDiscussionPost {
  return { ...post, lastActivityAt: post.createdAt, answered: false, replies: [], moreReplies: false, olderReplies: null };
}

/** Newest activity first; equal ones keep their order (Array.prototype.sort is stable). */
function byActivity(items: TDiscussionPost[]): TDiscussionPost[] {
  return [...items].sort((a, b) => time(b.lastActivityAt) - time(a.lastActivityAt));
}

/** The pinned answer first, the others in their order (oldest first). */
export function repliesInOrder(replies: readonly TDiscussionReply[]): TDiscussionReply[] {
  return [...replies.filter((r) => r.pinned), ...replies.filter((r) => !r.pinned)];
}

/**
 * The first page read again. Posts older than its last one stay as loaded (with the cursor of the
 * oldest page loaded); a loaded post newer than that which the page no longer has is gone (deleted
 * or hidden). A page without a cursor is the whole thread.
 */
function mergeFresh(state: ThreadState, page: ThreadPage): ThreadState {
  if (!state.loaded) return { ...state, loaded: true, ...page };
  const head = { discussion: page.discussion, following: page.following };
  if (page.nextCursor === null) return { ...state, ...head, items: page.items, nextCursor: null };
  const fresh = new Set(page.items.map((i) => i.id));
  const floor = time(page.items[page.items.length - 1]?.lastActivityAt ?? "");
  const older = state.items.filter((i) => !fresh.has(i.id) && time(i.lastActivityAt) <= floor);
  return { ...state, ...head, items: [...page.items, ...older] };
}

/** An entry as it is now, in its place by activity; one older than everything loaded waits for its page. */
function upsertEntry(state: ThreadState, entry: TDiscussionPost): ThreadState {
  const known = state.items.some((i) => i.id === entry.id);
  const oldest = state.items[state.items.length - 1];
  if (!known && state.nextCursor !== null && oldest && time(entry.lastActivityAt) < time(oldest.lastActivityAt)) return state;
  const rest = state.items.filter((i) => i.id !== entry.id);
  return { ...state, items: byActivity([entry, ...rest]) };
}

function mapItems(state: ThreadState, f: (entry: TDiscussionPost) => TDiscussionPost | null): ThreadState {
  return { ...state, items: state.items.flatMap((i) => f(i) ?? []) };
}

/** A reply the server confirmed, under its post, which moves up by the reply's activity. */
function addReply(state: ThreadState, reply: TDiscussionReply): ThreadState {
  const parent = state.items.find((i) => i.id === reply.parentId);
  if (!parent) return state;
  const replies = parent.replies.some((r) => r.id === reply.id) ? parent.replies : [...parent.replies, reply];
  const lastActivityAt = time(reply.createdAt) > time(parent.lastActivityAt) ? reply.createdAt : parent.lastActivityAt;
  return upsertEntry(state, { ...parent, replies, lastActivityAt });
}

function replace(state: ThreadState, post: TDiscussionReply): ThreadState {
  return mapItems(state, (i) =>
    i.id === post.id ? { ...i, ...post } : i.replies.some((r) => r.id === post.id) ? { ...i, replies: i.replies.map((r) => (r.id === post.id ? post : r)) } : i,
  );
}

/** A deleted post with replies stays as a placeholder; without, it leaves; a deleted reply leaves its post. */
function deleted(state: ThreadState, id: string): ThreadState {
  return mapItems(state, (i) => {
    if (i.id === id) return i.replies.length > 0 || i.moreReplies ? { ...i, deleted: true, text: "", pinned: false } : null;
    return i.replies.some((r) => r.id === id) ? { ...i, replies: i.replies.filter((r) => r.id !== id) } : i;
  });
}

function step(state: ThreadState, action: ThreadAction): ThreadState {
  switch (action.type) {
    case "page":
      return { ...state, loaded: true, ...action.page };
    case "fresh":
      return mergeFresh(state, action.page);
    case "older": {
      const known = new Set(state.items.map((i) => i.id));
      return { ...state, items: [...state.items, ...action.page.items.filter((i) => !known.has(i.id))], nextCursor: action.page.nextCursor };
    }
    case "entry":
      return upsertEntry(state, action.entry);
    case "gone":
      return mapItems(state, (i) => (i.id === action.id ? null : { ...i, replies: i.replies.filter((r) => r.id !== action.id) }));
    case "created":
      return action.post.parentId === null ? upsertEntry(state, entryOf(action.post)) : addReply(state, action.post);
    case "replaced":
      return replace(state, action.post);
    case "deleted":
      return deleted(state, action.id);
    case "older-replies":
      return mapItems(state, (i) => {
        if (i.id !== action.postId) return i;
        const known = new Set(i.replies.map((r) => r.id));
        return {
          ...i,
          replies: [...action.items.filter((r) => !known.has(r.id)), ...i.replies],
          olderReplies: action.olderReplies,
          moreReplies: action.olderReplies !== null,
        };
      });
    case "send":
      return { ...state, pending: [...state.pending, { id: action.id, text: action.text, parentId: action.parentId, status: "sending", error: null }] };
    case "retry":
      return { ...state, pending: state.pending.map((p) => (p.id === action.id ? { ...p, status: "sending", error: null } : p)) };
    case "failed":
      return { ...state, pending: state.pending.map((p) => (p.id === action.id ? { ...p, status: "failed", error: action.error } : p)) };
    case "discard":
      return { ...state, pending: state.pending.filter((p) => p.id !== action.id) };
  }
}

/** Every change, then: a pending post the thread now holds (its reply, or a live read, came first) is confirmed. */
export function threadReducer(state: ThreadState, action: ThreadAction): ThreadState {
  const next = step(state, action);
  if (next.pending.length === 0 || next.items === state.items) return next;
  const known = new Set(next.items.flatMap((i) => [i.id, ...i.replies.map((r) => r.id)]));
  const pending = next.pending.filter((p) => !known.has(p.id));
  return pending.length === next.pending.length ? next : { ...next, pending };
}

/** True while a post is on its way (the composers wait: one at a time, as in the chat). */
export const isSending = (state: ThreadState) => state.pending.some((p) => p.status === "sending");
