import type { z } from "zod";
import { DISCUSSION_TOPIC, type TDiscussionReply, type ZDiscussionQueue, type ZDiscussionReports } from "../../../../domain/discussion";
import { AppError, isAppError } from "../../../../domain/errors";
import type { TUser } from "../../../../domain/user";
import { notifyOnCommit } from "../../../platform/bus";
import { maySwitchDiscussions } from "../policy";
import type { DiscussionsTx, PostRow, ReportRow } from "../repo";
import { assertMayDiscuss, assertModerator } from "./access";
import type { DiscussionsContext } from "./context";
import { presenter, presentInfo, presentPosts, readerLang, type Lang } from "./present";

const postNotFound = (id: string) => new AppError("DISCUSSION_POST_NOT_FOUND", `No post ${id}`);
const MODERATOR_VIEW = (user: TUser) => ({ viewerId: user.id, seesAllHidden: true });

/** The discussion a post lives in, for the mentors' lists; null when its element is gone. */
async function infoOf(ctx: DiscussionsContext, row: PostRow, l: Lang) {
  try {
    const s = await ctx.courses.elementStructure(row.elementId, { unpublished: true });
    return presentInfo(row.discussionId, s.element, s.course, l);
  } catch (e) {
    if (isAppError(e, "ELEMENT_NOT_RECEIVED")) return null;
    throw e;
  }
}

/** Learners' posts that wait for a mentor's answer, oldest first (the queue of the mentors' inbox area). */
export async function waitingPosts(
  ctx: DiscussionsContext,
  user: TUser,
  q: { after?: string; limit: number; lang?: string },
): Promise<z.input<typeof ZDiscussionQueue>> {
  assertModerator(user);
  const l = await readerLang(ctx, q.lang);
  const rows = await ctx.repo.waiting(ctx.portalId, q.after ? Number(q.after) : 0, q.limit);
  const page = rows.slice(0, q.limit);
  const posts = await presentPosts(ctx, user, page, MODERATOR_VIEW(user), l);
  const items = [];
  for (const [i, row] of page.entries()) {
    const discussion = await infoOf(ctx, row, l);
    if (discussion) items.push({ cursor: String(row.seq), discussion, post: posts[i]! });
  }
  return { items, nextCursor: rows.length > q.limit ? String(page.at(-1)!.seq) : null };
}

/** A post of this portal for moderation, under its row lock; deleted ones are gone. */
async function moderated(w: DiscussionsTx, ctx: DiscussionsContext, postId: string): Promise<PostRow> {
  const row = await w.lockPost(postId);
  if (!row || row.portalId !== ctx.portalId || row.deletedAt) throw postNotFound(postId);
  return row;
}

async function presentForModerator(ctx: DiscussionsContext, user: TUser, row: PostRow, lang?: string): Promise<TDiscussionReply> {
  return (await presenter(ctx, user, [row], await readerLang(ctx, lang))).one(row);
}

/** Pins a reply as the answer of its post (one per post), or unpins it. Only replies are answers. */
export async function pinPost(ctx: DiscussionsContext, user: TUser, postId: string, pinned: boolean, lang?: string) {
  assertModerator(user);
  const row = await ctx.repo.transaction(async (w) => {
    const post = await moderated(w, ctx, postId);
    if (post.parentId === null) throw new AppError("VALIDATION", "Only a reply is pinned as the answer", { field: "postId" });
    // The parent's lock orders pins of one post's replies: one pinned answer at a time.
    await w.lockPost(post.parentId);
    if (pinned) await w.unpinReplies(post.parentId, post.id);
    const changed = await w.updatePost(post.id, { pinnedAt: pinned ? (post.pinnedAt ?? ctx.now()) : null });
    await w.tx.execute(notifyOnCommit([{ topic: DISCUSSION_TOPIC(post.discussionId), kind: "pinned", id: post.id }]));
    return changed;
  });
  return presentForModerator(ctx, user, row, lang);
}

/** Hides a post with a reason (its author still sees it, marked); its open reports are resolved by it. */
export async function hidePost(ctx: DiscussionsContext, user: TUser, postId: string, reason: string, lang?: string) {
  assertModerator(user);
  const row = await ctx.repo.transaction(async (w) => {
    const post = await moderated(w, ctx, postId);
    const at = ctx.now();
    const changed = await w.updatePost(post.id, { hiddenAt: post.hiddenAt ?? at, hiddenBy: user.id, hiddenReason: reason });
    await w.resolveReports({ postId: post.id }, user.id, at);
    await w.tx.execute(notifyOnCommit([{ topic: DISCUSSION_TOPIC(post.discussionId), kind: "hidden", id: post.id }]));
    return changed;
  });
  return presentForModerator(ctx, user, row, lang);
}

export async function restorePost(ctx: DiscussionsContext, user: TUser, postId: string, lang?: string) {
  assertModerator(user);
  const row = await ctx.repo.transaction(async (w) => {
    const post = await moderated(w, ctx, postId);
    if (post.hiddenAt === null) return post;
    const changed = await w.updatePost(post.id, { hiddenAt: null, hiddenBy: null, hiddenReason: null });
    await w.tx.execute(notifyOnCommit([{ topic: DISCUSSION_TOPIC(post.discussionId), kind: "restored", id: post.id }]));
    return changed;
  });
  return presentForModerator(ctx, user, row, lang);
}

async function presentReports(ctx: DiscussionsContext, user: TUser, reports: ReportRow[], l: Lang) {
  const posts = new Map((await ctx.repo.postsByIds([...new Set(reports.map((r) => r.postId))])).map((p) => [p.id, p]));
  const p = await presenter(
    ctx,
    user,
    [...posts.values()],
    l,
    reports.map((r) => r.reporterId),
  );
  return reports.map((r) => {
    const post = posts.get(r.postId)!;
    return {
      id: r.id,
      postId: r.postId,
      discussionId: post.discussionId,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
      reporter: p.author(r.reporterId, false),
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
      post: p.one(post),
    };
  });
}

/** Reports of the portal's posts: open ones by default, oldest first. */
export async function listReports(
  ctx: DiscussionsContext,
  user: TUser,
  q: { status: "open" | "resolved" | "all"; after?: string; limit: number; lang?: string },
): Promise<z.input<typeof ZDiscussionReports>> {
  assertModerator(user);
  const l = await readerLang(ctx, q.lang);
  const rows = await ctx.repo.reports(ctx.portalId, q.status, q.after ? Number(q.after) : 0, q.limit);
  const page = rows.slice(0, q.limit);
  return { items: await presentReports(ctx, user, page, l), nextCursor: rows.length > q.limit ? String(page.at(-1)!.seq) : null };
}

/** A mentor dismisses a report (the post stays as it is). */
export async function resolveReport(ctx: DiscussionsContext, user: TUser, reportId: string, lang?: string) {
  assertModerator(user);
  const report = await ctx.repo.report(reportId);
  if (!report || report.portalId !== ctx.portalId) throw new AppError("DISCUSSION_REPORT_NOT_FOUND", `No report ${reportId}`);
  const [changed] = await ctx.repo.transaction((w) => w.resolveReports({ id: report.id }, user.id, ctx.now()));
  const [item] = await presentReports(ctx, user, [changed ?? report], await readerLang(ctx, lang));
  return item!;
}

/**
 * The admin switch of an element's discussion. Elements are cached content: the repo writes through
 * changeContent, which bumps the content version, so every instance's next read sees the switch.
 */
export async function switchDiscussion(ctx: DiscussionsContext, user: TUser, elementId: string, active: boolean) {
  assertMayDiscuss(user);
  if (!maySwitchDiscussions(user)) throw new AppError("ADMINS_ONLY", "Only portal admins switch discussions");
  const row = await ctx.repo.switchDiscussion(ctx.portalId, elementId, active);
  if (!row) throw new AppError("ELEMENT_NOT_RECEIVED", `No element ${elementId}`);
  if (row.discussionId) await ctx.bus.publish({ topic: DISCUSSION_TOPIC(row.discussionId), kind: "switched", id: row.discussionId });
  return { elementId: row.id, discussion: { id: row.discussionId, active: row.discussionActive } };
}
