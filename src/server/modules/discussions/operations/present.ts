import { elementPath } from "../../../../domain/element-path";
import { DISCUSSION_LIMITS, type TDiscussionInfo, type TDiscussionPost, type TDiscussionReply } from "../../../../domain/discussion";
import { localized } from "../../../../domain/localized";
import type { TUser } from "../../../../domain/user";
import type { CourseElement, CourseRecord } from "../../courses/service";
import { maySeeHidden } from "../policy";
import type { AuthorRow, PostRow, Visibility } from "../repo";
import type { DiscussionsContext } from "./context";

export interface Lang {
  lang: string;
  primary: string;
}

/** The reader's language: `lang` when the portal has it, else the primary one. */
export async function readerLang(ctx: DiscussionsContext, lang?: string): Promise<Lang> {
  const { langs, primaryLang } = await ctx.portalLangs();
  return { lang: lang && langs.includes(lang) ? lang : primaryLang, primary: primaryLang };
}

export const visibilityFor = (user: TUser, moderator: boolean): Visibility => ({ viewerId: user.id, seesAllHidden: moderator });

export function presentInfo(discussionId: string, element: CourseElement, course: CourseRecord, l: Lang): TDiscussionInfo {
  return {
    id: discussionId,
    active: element.discussionActive,
    elementId: element.id,
    courseId: course.id,
    type: element.type,
    number: element.number,
    title: localized(element.title, l.lang, l.primary),
    courseTitle: localized(course.title, l.lang, l.primary),
    path: elementPath(l.lang, course.id, element.type, element.id),
  };
}

export function authorName(a: AuthorRow | undefined, l: Lang): string {
  if (!a) return "";
  if (a.names) {
    const name = localized(a.names, l.lang, l.primary);
    if (name) return name;
  }
  return [a.firstName, a.lastName].filter(Boolean).join(" ") || a.username || "";
}

/** Presents posts for one viewer: authors read once for all of them. */
export async function presenter(ctx: DiscussionsContext, viewer: TUser, rows: PostRow[], l: Lang, moreAuthorIds: string[] = []) {
  const ids = new Set([...rows.map((r) => r.authorId), ...moreAuthorIds]);
  const authors = new Map((await ctx.repo.authors(ctx.portalId, [...ids])).map((a) => [a.id, a]));
  const author = (id: string, isMentor: boolean) => {
    const a = authors.get(id);
    return { id, fullName: authorName(a, l), avatarUrl: a?.profileAvatar ?? a?.avatar?.url ?? null, isMentor };
  };
  const one = (row: PostRow): TDiscussionReply => {
    return {
      id: row.id,
      discussionId: row.discussionId,
      parentId: row.parentId,
      text: row.deletedAt ? "" : row.text,
      createdAt: row.createdAt.toISOString(),
      editedAt: row.editedAt?.toISOString() ?? null,
      author: author(row.authorId, row.authorKind === "mentor"),
      mine: row.authorId === viewer.id,
      deleted: row.deletedAt !== null,
      hidden: row.hiddenAt !== null,
      hiddenReason: row.hiddenAt && maySeeHidden(viewer, row) ? row.hiddenReason : null,
      pinned: row.pinnedAt !== null,
    };
  };
  const top = (row: PostRow, replies: PostRow[]): TDiscussionPost => {
    const kept = replies.slice(-DISCUSSION_LIMITS.repliesMax);
    return {
      ...one(row),
      lastActivityAt: row.lastActivityAt.toISOString(),
      answered: row.answeredAt !== null,
      replies: kept.map(one),
      moreReplies: replies.length > kept.length,
      olderReplies: replies.length > kept.length ? String(kept[0]!.seq) : null,
    };
  };
  return { one, top, author };
}

/** Top-level posts with their replies as `viewer` sees them. */
export async function presentPosts(ctx: DiscussionsContext, viewer: TUser, tops: PostRow[], v: Visibility, l: Lang): Promise<TDiscussionPost[]> {
  // One more than a post shows tells whether older replies exist.
  const replies = await ctx.repo.replies(
    tops.map((t) => t.id),
    v,
    DISCUSSION_LIMITS.repliesMax + 1,
  );
  const p = await presenter(ctx, viewer, [...tops, ...replies], l);
  return tops.map((t) =>
    p.top(
      t,
      replies.filter((r) => r.parentId === t.id),
    ),
  );
}
