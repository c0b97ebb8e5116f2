import type { z } from "zod";
import type {
  TDiscussionListItem,
  TDiscussionPost,
  TDiscussionRepliesPage,
  ZDiscussionRepliesQuery,
  ZDiscussionThread,
  ZDiscussionThreadQuery,
} from "../../../../domain/discussion";
import { elementPath } from "../../../../domain/element-path";
import { AppError } from "../../../../domain/errors";
import { viewerOf } from "../../../../domain/learning-access";
import { localized } from "../../../../domain/localized";
import type { TUser } from "../../../../domain/user";
import { mayModerate, maySeeHidden } from "../policy";
import type { PostRow, ThreadCursor } from "../repo";
import { assertMayDiscuss, openDiscussion } from "./access";
import type { DiscussionsContext } from "./context";
import { isFollowing } from "./follow";
import { presentInfo, presentPosts, presenter, readerLang, visibilityFor } from "./present";

const encodeCursor = (row: PostRow) => `${row.lastActivityAt.getTime()}.${row.seq}`;
function decodeCursor(cursor: string): ThreadCursor {
  const [at, seq] = cursor.split(".");
  return { at: new Date(Number(at)), seq: Number(seq) };
}

/**
 * Seed §2.4: the course's elements with an active discussion that the viewer may open (THE content
 * rule, judged on the states the courses module derives), with whether the viewer has started each.
 */
export async function listDiscussions(
  ctx: DiscussionsContext,
  user: TUser,
  courseId: string,
  langHint?: string,
): Promise<{ courseId: string; items: TDiscussionListItem[] }> {
  assertMayDiscuss(user);
  const l = await readerLang(ctx, langHint);
  const moderator = mayModerate(user);
  const s = await ctx.courses.structure(courseId, { unpublished: moderator, code: "DISCUSSION_NOT_FOUND", message: `No course ${courseId}` });
  const candidates = s.elements.filter((e) => e.discussionActive && e.discussionId);
  const viewer = viewerOf(user);
  const open = [];
  for (const e of candidates) {
    // The same verdict as the element page: courses' contentAccess derives the viewer's state in the course.
    const verdict = moderator ? null : await ctx.courses.contentAccess(viewer, "element", e.id);
    if (!verdict) open.push(e);
  }
  const ids = open.map((e) => e.discussionId!);
  const [started, following] = await Promise.all([ctx.repo.started(user.id, ids), ctx.repo.followed(user.id, ids)]);
  return {
    courseId,
    items: open
      .sort((a, b) => a.index - b.index)
      .map((e) => ({
        discussionId: e.discussionId!,
        elementId: e.id,
        courseId,
        number: e.number,
        type: e.type,
        title: localized(e.title, l.lang, l.primary),
        started: started.has(e.discussionId!),
        following: following.has(e.discussionId!),
        path: elementPath(l.lang, courseId, e.type, e.id),
      })),
  };
}

/** A thread: top-level posts, newest activity first, each with its replies; older posts by cursor. */
export async function getThread(
  ctx: DiscussionsContext,
  user: TUser,
  discussionId: string,
  q: z.output<typeof ZDiscussionThreadQuery> & { lang?: string },
): Promise<z.input<typeof ZDiscussionThread>> {
  const d = await openDiscussion(ctx, user, discussionId, { write: false });
  const l = await readerLang(ctx, q.lang);
  const v = visibilityFor(user, d.moderator);
  const rows = await ctx.repo.threadPage(discussionId, v, q.before ? decodeCursor(q.before) : undefined, q.limit);
  const page = rows.slice(0, q.limit);
  return {
    discussion: presentInfo(discussionId, d.element, d.course, l),
    items: await presentPosts(ctx, user, page, v, l),
    nextCursor: rows.length > q.limit ? encodeCursor(page.at(-1)!) : null,
    following: await isFollowing(ctx, user, discussionId),
  };
}

/**
 * The thread entry that holds post `postId` (the post itself, or the post a reply belongs to): what
 * a client reads after a realtime event names a post.
 */
export async function getPost(ctx: DiscussionsContext, user: TUser, discussionId: string, postId: string, langHint?: string): Promise<TDiscussionPost> {
  const d = await openDiscussion(ctx, user, discussionId, { write: false });
  const l = await readerLang(ctx, langHint);
  const top = await visibleTop(ctx, user, discussionId, postId, d.moderator);
  const [item] = await presentPosts(ctx, user, [top], visibilityFor(user, d.moderator), l);
  return item!;
}

/** Older replies of a top-level post than a thread shows, oldest first, a page at a time. */
export async function getOlderReplies(
  ctx: DiscussionsContext,
  user: TUser,
  discussionId: string,
  postId: string,
  q: z.output<typeof ZDiscussionRepliesQuery> & { lang?: string },
): Promise<TDiscussionRepliesPage> {
  const d = await openDiscussion(ctx, user, discussionId, { write: false });
  const l = await readerLang(ctx, q.lang);
  const top = await visibleTop(ctx, user, discussionId, postId, d.moderator);
  if (top.id !== postId) throw postNotFound(postId);
  const rows = await ctx.repo.olderReplies(top.id, visibilityFor(user, d.moderator), Number(q.before), q.limit);
  const page = rows.slice(0, q.limit).reverse();
  const present = await presenter(ctx, user, page, l);
  return { items: page.map(present.one), olderReplies: rows.length > q.limit ? String(page[0]!.seq) : null };
}

const postNotFound = (id: string) => new AppError("DISCUSSION_POST_NOT_FOUND", `No post ${id}`);

/** A post of this discussion that the viewer sees (hidden ones: their author and moderators). */
export function seen(user: TUser, row: PostRow | null, discussionId: string, moderator: boolean): row is PostRow {
  if (!row || row.discussionId !== discussionId) return false;
  return row.hiddenAt === null || moderator || maySeeHidden(user, row);
}

async function visibleTop(ctx: DiscussionsContext, user: TUser, discussionId: string, postId: string, moderator: boolean): Promise<PostRow> {
  const row = await ctx.repo.post(postId);
  if (!seen(user, row, discussionId, moderator)) throw postNotFound(postId);
  if (row.parentId === null) {
    if (row.deletedAt) {
      // A deleted post is a placeholder only while it has replies.
      const replies = await ctx.repo.replies([row.id], visibilityFor(user, moderator), 1);
      if (replies.length === 0) throw postNotFound(postId);
    }
    return row;
  }
  if (row.deletedAt) throw postNotFound(postId);
  const parent = await ctx.repo.post(row.parentId);
  if (!seen(user, parent, discussionId, moderator)) throw postNotFound(postId);
  return parent;
}
