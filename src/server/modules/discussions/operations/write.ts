import type { z } from "zod";
import type { TAwardRef } from "../../../../domain/award-ref";
import { USER_TOPIC, INBOX_TOPIC } from "../../../../domain/chat";
import { DISCUSSION_TOPIC, type TDiscussionReply, type ZCreateDiscussionPostRequest } from "../../../../domain/discussion";
import { elementPath } from "../../../../domain/element-path";
import { AppError } from "../../../../domain/errors";
import type { TUser } from "../../../../domain/user";
import { notifyOnCommit, type BusEvent } from "../../../platform/bus";
import { mayChangePost } from "../policy";
import type { DiscussionsTx, PostRow } from "../repo";
import { assertMayDiscuss, openDiscussion, type OpenDiscussion } from "./access";
import type { DiscussionsContext } from "./context";
import { followOnPost } from "./follow";
import { authorName, presenter, readerLang, type Lang } from "./present";
import { seen } from "./read";

/** A notification shows this much of a reply. */
const NOTIFICATION_TEXT_MAX = 140;

const postNotFound = (id: string) => new AppError("DISCUSSION_POST_NOT_FOUND", `No post ${id}`);

export interface PostOutcome {
  post: TDiscussionReply;
  created: boolean;
  /** The awards this request granted (the answer award of a learner's reply to another's post). */
  awards: TAwardRef[];
}

async function presentOne(ctx: DiscussionsContext, user: TUser, row: PostRow, l: Lang): Promise<TDiscussionReply> {
  return (await presenter(ctx, user, [row], l)).one(row);
}

/**
 * A post or a reply with a client-made id: the same id, place, author and text again answers the
 * stored post (created false); anything else under that id is 409 DISCUSSION-POST-CONFLICT. Replies
 * to one post take its row lock first, so they are stored (and shown) in the order they commit, and
 * concurrent retries of one id store one row. A reply to a learner's post tells them (a notification
 * in the same transaction) and counts the thread as started for them; a mentor's reply answers it
 * (it leaves the mentors' queue).
 */
export async function createPost(
  ctx: DiscussionsContext,
  user: TUser,
  discussionId: string,
  req: z.output<typeof ZCreateDiscussionPostRequest>,
  langHint?: string,
): Promise<PostOutcome> {
  assertMayDiscuss(user);
  if (req.userId !== undefined && req.userId !== user.id) throw new AppError("DISCUSSION_NOT_YOURS", "A post is written as yourself only");
  const d = await openDiscussion(ctx, user, discussionId, { write: true });
  await ctx.writeLimit.hit(user.id);
  const l = await readerLang(ctx, langHint);
  const kind = d.moderator ? "mentor" : "learner";
  const replier = authorName((await ctx.repo.authors(ctx.portalId, [user.id]))[0], l) || user.fullName;

  const outcome = await ctx.repo.transaction(async (w) => {
    const parent = req.parentId ? await w.lockPost(req.parentId) : null;
    if (req.parentId) {
      if (!seen(user, parent, discussionId, d.moderator) || parent.deletedAt) throw postNotFound(req.parentId);
      if (parent.parentId !== null) throw new AppError("DISCUSSION_REPLY_TOO_DEEP", "Replies have one level");
    }
    const at = ctx.now();
    const row = await w.insertPost({
      id: req.id,
      portalId: ctx.portalId,
      discussionId,
      elementId: d.element.id,
      courseId: d.course.id,
      parentId: req.parentId ?? null,
      authorId: user.id,
      authorKind: kind,
      text: req.text,
      createdAt: at,
      lastActivityAt: at,
    });
    if (!row) {
      const stored = await w.post(req.id);
      const same =
        stored &&
        stored.discussionId === discussionId &&
        stored.authorId === user.id &&
        stored.parentId === (req.parentId ?? null) &&
        stored.text === req.text &&
        !stored.deletedAt;
      if (same) return { row: stored, created: false, parentAuthorId: parent?.authorId ?? null };
      throw new AppError("DISCUSSION_POST_CONFLICT", `Post ${req.id} exists with another text, author or place`);
    }
    // Ids only, sent when the post commits: the thread's readers, the mentors' queue, the replied-to learner.
    const events: BusEvent[] = [{ topic: DISCUSSION_TOPIC(discussionId), kind: "post", id: row.id }];
    if (kind === "learner") {
      await w.markStarted(discussionId, user.id, at);
      // A learner who asks wants the answers (docs/decisions/0044); mentors have their queue.
      await followOnPost(ctx, w, user.id, discussionId, l.lang, at);
    }
    if (!parent) {
      if (kind === "learner") events.push({ topic: INBOX_TOPIC(ctx.portalId), kind: "discussion", id: row.id });
    } else {
      const answers = kind === "mentor" && parent.authorKind === "learner" && parent.answeredAt === null;
      await w.updatePost(parent.id, { lastActivityAt: at, ...(answers ? { answeredAt: at } : {}) });
      if (answers) events.push({ topic: INBOX_TOPIC(ctx.portalId), kind: "discussion", id: parent.id });
      if (parent.authorId !== user.id && parent.authorKind === "learner") events.push(...(await tellAuthor(ctx, w, d, parent, row, replier, l)));
    }
    await w.tx.execute(notifyOnCommit(events));
    return { row, created: true, parentAuthorId: parent?.authorId ?? null };
  });
  // After the commit, and again on a retry of the same id (the grant is once per learner and award; a
  // repeat heals one lost after the commit): a learner's reply under somebody else's post is an answer.
  // Only the call that inserted the grant reports it, so a retry answers none (unless it healed a lost one).
  const { parentAuthorId } = outcome;
  const answers = kind === "learner" && parentAuthorId !== null && parentAuthorId !== user.id;
  const awards = answers && ctx.onAnswer ? await ctx.onAnswer(user.id, d.course.id) : [];
  return { post: await presentOne(ctx, user, outcome.row, l), created: outcome.created, awards };
}

/** The replied-to learner: the thread counts as started for them, and a notification leads to it. */
async function tellAuthor(ctx: DiscussionsContext, w: DiscussionsTx, d: OpenDiscussion, parent: PostRow, reply: PostRow, replier: string, l: Lang) {
  await w.markStarted(d.discussionId, parent.authorId, reply.createdAt);
  const text = reply.text.length > NOTIFICATION_TEXT_MAX ? `${reply.text.slice(0, NOTIFICATION_TEXT_MAX - 1)}…` : reply.text;
  const avatar = (await w.authors(ctx.portalId, [reply.authorId]))[0];
  await ctx.notifications.writes(w.tx).insert(
    ctx.notifications.row({
      userId: parent.authorId,
      type: "discussion-reply",
      title: replier,
      text,
      avatar: avatar?.profileAvatar ?? avatar?.avatar?.url ?? null,
      link: `${elementPath(l.lang, d.course.id, d.element.type, d.element.id)}?discussion=${encodeURIComponent(d.discussionId)}`,
      sourceMessageId: reply.id,
      createdAt: reply.createdAt,
    }),
  );
  return [
    { topic: USER_TOPIC(parent.authorId), kind: "notification", id: reply.id },
    { topic: USER_TOPIC(parent.authorId), kind: "unread", id: d.discussionId },
  ];
}

/** The author's own post under its row lock; another's is 403 DISCUSSION-NOT-YOURS, a gone one 404. */
async function ownPost(w: DiscussionsTx, user: TUser, d: OpenDiscussion, postId: string): Promise<PostRow> {
  const row = await w.lockPost(postId);
  if (!seen(user, row, d.discussionId, d.moderator) || row.deletedAt) throw postNotFound(postId);
  if (!mayChangePost(user, row)) throw new AppError("DISCUSSION_NOT_YOURS", "Only the author changes a post");
  return row;
}

/** The author edits the text; an unchanged text changes nothing. */
export async function editPost(ctx: DiscussionsContext, user: TUser, discussionId: string, postId: string, text: string, langHint?: string) {
  const d = await openDiscussion(ctx, user, discussionId, { write: true });
  await ctx.writeLimit.hit(user.id);
  const row = await ctx.repo.transaction(async (w) => {
    const own = await ownPost(w, user, d, postId);
    if (own.text === text) return own;
    const edited = await w.updatePost(own.id, { text, editedAt: ctx.now() });
    await w.tx.execute(notifyOnCommit([{ topic: DISCUSSION_TOPIC(discussionId), kind: "edited", id: own.id }]));
    return edited;
  });
  return presentOne(ctx, user, row, await readerLang(ctx, langHint));
}

/**
 * The author deletes a post: its text is emptied at once. A top-level post with replies stays as a
 * "deleted" placeholder so the replies keep their place; otherwise it leaves the thread.
 */
export async function deletePost(ctx: DiscussionsContext, user: TUser, discussionId: string, postId: string): Promise<{ id: string; deleted: true }> {
  const d = await openDiscussion(ctx, user, discussionId, { write: false });
  await ctx.repo.transaction(async (w) => {
    const own = await ownPost(w, user, d, postId);
    await w.updatePost(own.id, { text: "", deletedAt: ctx.now(), pinnedAt: null });
    await w.tx.execute(notifyOnCommit([{ topic: DISCUSSION_TOPIC(discussionId), kind: "deleted", id: own.id }]));
  });
  return { id: postId, deleted: true };
}

/** A reader reports a post to the mentors; reporting it again changes nothing (created false). */
export async function reportPost(ctx: DiscussionsContext, user: TUser, discussionId: string, postId: string, reason: string) {
  const d = await openDiscussion(ctx, user, discussionId, { write: false });
  await ctx.writeLimit.hit(user.id);
  return ctx.repo.transaction(async (w) => {
    const row = await w.post(postId);
    if (!seen(user, row, discussionId, d.moderator) || row.deletedAt) throw postNotFound(postId);
    const report = await w.insertReport({
      id: ctx.newReportId(),
      portalId: ctx.portalId,
      postId: row.id,
      reporterId: user.id,
      reason,
      createdAt: ctx.now(),
    });
    if (report) await w.tx.execute(notifyOnCommit([{ topic: INBOX_TOPIC(ctx.portalId), kind: "discussion-report", id: report.id }]));
    return { created: report !== null, result: { postId: row.id, reported: true as const } };
  });
}
