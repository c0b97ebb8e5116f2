import { z } from "zod";
import { ZAwardRef } from "./award-ref";
import { ZElementType } from "./element";
import { ZText } from "./validation/safe-text";

/**
 * Discussions per course element (issue 14, docs/decisions/0043, docs/api/discussions.md): the
 * contract the server and the discussion popup share. Seed 000 §2.4 (the popup lists the course's
 * elements with an active discussion: number, type, title, started), §3 (element discussion
 * {id, active}; popup state visible, discussionId, courseId, discussions), §6 (disciples discuss).
 */

export const DISCUSSION_LIMITS = {
  /** Characters of one post or reply (the chat's limit: one validation style). */
  textMax: 1500,
  /** Top-level posts per page (newest activity first). */
  pageSize: 20,
  /** Replies shown under one post; the newest are kept when there are more. */
  repliesMax: 100,
  /** Characters of a moderator's reason or a learner's report. */
  reasonMax: 500,
  /** Items of the mentors' queue and reports list per page. */
  queuePageSize: 50,
} as const;

/** Realtime: `discussion:{id}` tells its readers that a post changed; they read it through the API. */
export const DISCUSSION_TOPIC = (discussionId: string) => `discussion:${discussionId}`;
export const DISCUSSION_EVENT_KINDS = ["post", "edited", "deleted", "hidden", "restored", "pinned", "switched"] as const;
export type TDiscussionEventKind = (typeof DISCUSSION_EVENT_KINDS)[number];

/** A discussion id as elements carry it (`disc-<elementId>`): fits a realtime topic id. */
export const ZDiscussionId = ZText.regex(/^[A-Za-z0-9_-]{1,128}$/);
/** Post ids are made by the client so that a retry never posts twice: `dpost:` + 8..64 of [A-Za-z0-9_-]. */
export const ZDiscussionPostId = ZText.regex(/^dpost:[A-Za-z0-9_-]{8,64}$/);
export const ZDiscussionReportId = ZText.regex(/^drep_[a-z2-7]{26}$/);
/** Opaque paging cursor of a thread (the last post's activity and position). */
export const ZDiscussionCursor = ZText.regex(/^[0-9]{1,15}\.[0-9]{1,18}$/);
/** Opaque cursor of the mentors' lists (a position). */
export const ZDiscussionSeqCursor = ZText.regex(/^[0-9]{1,18}$/);

/**
 * What a participant writes: trimmed, not blank, at most 1500 characters. Plain text, stored as
 * typed and never rendered as HTML: clients print it as text and linkify http(s) URLs only.
 */
export const ZDiscussionText = ZText.trim().min(1).max(DISCUSSION_LIMITS.textMax);
export const ZDiscussionReason = ZText.trim().min(1).max(DISCUSSION_LIMITS.reasonMax);

/** A fresh client-made post id (browser or server). */
export function newDiscussionPostId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return `dpost:${s}`;
}

/** Seed §2.4: one line of the popup's list. */
export const ZDiscussionListItem = z.object({
  discussionId: z.string(),
  elementId: z.string(),
  courseId: z.string(),
  number: z.number().int(),
  type: ZElementType,
  title: z.string(),
  /** The viewer has posted here, or someone has replied to them here. */
  started: z.boolean(),
  /** The element page in the requested language. */
  path: z.string(),
  /** The viewer follows the thread (new posts come in their discussion e-mails). */
  following: z.boolean(),
});
export type TDiscussionListItem = z.infer<typeof ZDiscussionListItem>;
export const ZDiscussionList = z.object({ courseId: z.string(), items: z.array(ZDiscussionListItem) });

export const ZDiscussionAuthor = z.object({
  id: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  /** Written by a mentor, leader or admin: the badge. */
  isMentor: z.boolean(),
});

export const ZDiscussionReply = z.object({
  id: z.string(),
  discussionId: z.string(),
  parentId: z.string().nullable(),
  /** As typed; empty when deleted. */
  text: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  author: ZDiscussionAuthor,
  /** The viewer wrote it (may edit and delete it). */
  mine: z.boolean(),
  /** Deleted by its author: kept as a placeholder while it has replies. */
  deleted: z.boolean(),
  /** Hidden by a mentor: only its author and mentors see it, marked so. */
  hidden: z.boolean(),
  /** The moderator's reason, for the author and mentors; null otherwise. */
  hiddenReason: z.string().nullable(),
  /** A mentor pinned it as the answer. */
  pinned: z.boolean(),
});
export type TDiscussionReply = z.infer<typeof ZDiscussionReply>;

/**
 * The reply to a post or reply just written: the post, and `awards` this very request granted (a
 * learner's first answer to another's post earns `discussion-answer`), for the award-popup. Empty on a
 * retry of the same id (its award was granted the first time), as a test submission's (assessment/public.ts).
 */
export const ZCreatedDiscussionPost = ZDiscussionReply.extend({ awards: z.array(ZAwardRef) });
export type TCreatedDiscussionPost = z.infer<typeof ZCreatedDiscussionPost>;

/** A top-level post with its replies (one level), oldest reply first, the pinned answer marked. */
export const ZDiscussionPost = ZDiscussionReply.extend({
  /** Newest of the post and its replies: the thread's order. */
  lastActivityAt: z.string(),
  /** A mentor has replied to it (learners' posts wait in the mentors' queue until then). */
  answered: z.boolean(),
  replies: z.array(ZDiscussionReply),
  /** Older replies left out (more than DISCUSSION_LIMITS.repliesMax). */
  moreReplies: z.boolean(),
  /** With moreReplies: `before` of the older replies' request (GET …/posts/{id}/replies); else null. */
  olderReplies: z.string().nullable(),
});
export type TDiscussionPost = z.infer<typeof ZDiscussionPost>;

/** A page of older replies, oldest first, and `before` of the page older still (null: none). */
export const ZDiscussionRepliesPage = z.object({
  items: z.array(ZDiscussionReply),
  olderReplies: z.string().nullable(),
});
export type TDiscussionRepliesPage = z.infer<typeof ZDiscussionRepliesPage>;

export const ZDiscussionInfo = z.object({
  id: z.string(),
  active: z.boolean(),
  elementId: z.string(),
  courseId: z.string(),
  type: ZElementType,
  number: z.number().int(),
  title: z.string(),
  courseTitle: z.string(),
  /** The element page in the requested language. */
  path: z.string(),
});
export type TDiscussionInfo = z.infer<typeof ZDiscussionInfo>;

export const ZDiscussionThread = z.object({
  discussion: ZDiscussionInfo,
  items: z.array(ZDiscussionPost),
  /** Ask for older posts with `before` = this; null at the oldest. */
  nextCursor: z.string().nullable(),
  /** The viewer follows the thread (PUT /api/discussions/{id}/follow). */
  following: z.boolean(),
});

export const ZDiscussionThreadQuery = z.object({
  before: ZDiscussionCursor.optional(),
  limit: z.coerce.number().int().min(1).max(DISCUSSION_LIMITS.pageSize).default(DISCUSSION_LIMITS.pageSize),
});

/** Older replies of one post, above those a thread shows (`before`: the position of the oldest one shown). */
export const ZDiscussionRepliesQuery = z.object({
  before: ZDiscussionSeqCursor,
  limit: z.coerce.number().int().min(1).max(DISCUSSION_LIMITS.repliesMax).default(DISCUSSION_LIMITS.repliesMax),
});

export const ZCreateDiscussionPostRequest = z.strictObject({
  id: ZDiscussionPostId,
  text: ZDiscussionText,
  /** The top-level post this replies to; absent for a new post. Replies to replies are refused. */
  parentId: ZDiscussionPostId.optional(),
  /** When sent, must be the caller's own id (a forged author is refused). */
  userId: ZText.max(100).optional(),
});

export const ZEditDiscussionPostRequest = z.strictObject({ text: ZDiscussionText });
export const ZReportDiscussionPostRequest = z.strictObject({ reason: ZDiscussionReason });
export const ZHideDiscussionPostRequest = z.strictObject({ reason: ZDiscussionReason });
export const ZPinDiscussionPostRequest = z.strictObject({ pinned: z.boolean() });
export const ZDiscussionSwitchRequest = z.strictObject({ active: z.boolean() });

/** A post where mentors see it: with its element and course, for the queue and the reports. */
export const ZDiscussionQueueItem = z.object({
  cursor: z.string(),
  discussion: ZDiscussionInfo,
  post: ZDiscussionPost,
});
export const ZDiscussionQueue = z.object({ items: z.array(ZDiscussionQueueItem), nextCursor: z.string().nullable() });
export const ZDiscussionQueueQuery = z.object({
  after: ZDiscussionSeqCursor.optional(),
  limit: z.coerce.number().int().min(1).max(DISCUSSION_LIMITS.queuePageSize).default(DISCUSSION_LIMITS.queuePageSize),
});

export const ZDiscussionReport = z.object({
  id: z.string(),
  postId: z.string(),
  discussionId: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  reporter: ZDiscussionAuthor,
  resolvedAt: z.string().nullable(),
  /** The reported post as mentors see it (hidden ones marked). */
  post: ZDiscussionReply,
});
export const ZDiscussionReports = z.object({ items: z.array(ZDiscussionReport), nextCursor: z.string().nullable() });
export const ZDiscussionReportsQuery = ZDiscussionQueueQuery.extend({ status: z.enum(["open", "resolved", "all"]).default("open") });

export const ZDiscussionSwitch = z.object({ elementId: z.string(), discussion: z.object({ id: z.string().nullable(), active: z.boolean() }) });
