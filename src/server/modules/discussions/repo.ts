import { and, asc, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inTransaction } from "../../db/transaction";
import { mentorProfiles } from "../../db/schema/chat";
import { courses, elements } from "../../db/schema/courses";
import { discussionParticipants, discussionPosts, discussionReports } from "../../db/schema/discussions";
import { users } from "../../db/schema/users";
import { changeContent } from "../../platform/content-version";
import { followReads, followWrites } from "./follow-repo";

export type PostRow = typeof discussionPosts.$inferSelect;
export type PostInsert = typeof discussionPosts.$inferInsert;
export type ReportRow = typeof discussionReports.$inferSelect;

/** Thread paging: the last post of the previous page (newest activity first). */
export interface ThreadCursor {
  at: Date;
  seq: number;
}

/** Whose eyes a read is for: hidden posts only for their author, or for moderators (everyone's). */
export interface Visibility {
  viewerId: string;
  seesAllHidden: boolean;
}

export interface AuthorRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  avatar: { url: string } | null;
  /** The mentor profile on this portal, if any: its names per language and avatar. */
  names: Record<string, string> | null;
  profileAvatar: string | null;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

const visibleTo = (v: Visibility): SQL | undefined =>
  v.seesAllHidden ? undefined : or(isNull(discussionPosts.hiddenAt), eq(discussionPosts.authorId, v.viewerId));

/**
 * A deleted top-level post stays as a placeholder only while it has replies left. Asked as a scalar
 * probe (one live reply's seq, through discussion_posts_replies), not EXISTS: under this OR the planner
 * turned an EXISTS into a hashed subplan over a sequential scan of every post on the server, so a page
 * cost grew with all discussions (issue 30); a scalar subquery is never hashed, and runs only for the
 * page's deleted posts.
 */
const liveOrAnswered = or(
  isNull(discussionPosts.deletedAt),
  sql`(select r.seq from ${discussionPosts} r where r.parent_id = ${discussionPosts.id} and r.deleted_at is null limit 1) is not null`,
)!;

/** Reads, on the database or inside a transaction. */
function reads(db: Db) {
  return {
    ...followReads(db),
    /** The element that carries `discussionId` on a course of this portal (the first by id if several do). */
    async elementOfDiscussion(portalId: string, discussionId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: elements.id })
        .from(elements)
        .innerJoin(courses, eq(courses.id, elements.courseId))
        .where(and(eq(elements.discussionId, discussionId), eq(courses.portalId, portalId)))
        .orderBy(asc(elements.id))
        .limit(1);
      return row?.id ?? null;
    },
    /** Discussions among `ids` the user has started. */
    async started(userId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: discussionParticipants.discussionId })
        .from(discussionParticipants)
        .where(and(eq(discussionParticipants.userId, userId), inArray(discussionParticipants.discussionId, ids)));
      return new Set(rows.map((r) => r.id));
    },
    async post(id: string): Promise<PostRow | null> {
      const [row] = await db.select().from(discussionPosts).where(eq(discussionPosts.id, id)).limit(1);
      return row ?? null;
    },
    /** Top-level posts, newest activity first; `limit + 1` rows tell whether older ones exist. */
    threadPage(discussionId: string, v: Visibility, before: ThreadCursor | undefined, limit: number): Promise<PostRow[]> {
      const where: Array<SQL | undefined> = [eq(discussionPosts.discussionId, discussionId), isNull(discussionPosts.parentId), liveOrAnswered, visibleTo(v)];
      if (before) {
        const at = ts(before.at);
        where.push(
          or(sql`${discussionPosts.lastActivityAt} < ${at}`, and(sql`${discussionPosts.lastActivityAt} = ${at}`, lt(discussionPosts.seq, before.seq))),
        );
      }
      return db
        .select()
        .from(discussionPosts)
        .where(and(...where))
        .orderBy(desc(discussionPosts.lastActivityAt), desc(discussionPosts.seq))
        .limit(limit + 1);
    },
    /**
     * The newest `perPost` replies of each of these posts that the viewer sees, oldest first. Ranked
     * per post in the database, so a post with thousands of replies costs no more than its page.
     */
    async replies(parentIds: string[], v: Visibility, perPost: number): Promise<PostRow[]> {
      if (parentIds.length === 0) return [];
      const ranked = db
        .select({
          ...getTableColumns(discussionPosts),
          rank: sql<number>`row_number() over (partition by ${discussionPosts.parentId} order by ${discussionPosts.seq} desc)`.as("rank"),
        })
        .from(discussionPosts)
        .where(and(inArray(discussionPosts.parentId, parentIds), isNull(discussionPosts.deletedAt), visibleTo(v)))
        .as("ranked");
      const rows = await db.select().from(ranked).where(lte(ranked.rank, perPost)).orderBy(asc(ranked.seq));
      return rows.map(({ rank: _rank, ...row }) => row);
    },
    /** Replies of one post before position `beforeSeq` that the viewer sees, newest first; `limit + 1` tell whether older ones exist. */
    olderReplies(parentId: string, v: Visibility, beforeSeq: number, limit: number): Promise<PostRow[]> {
      return db
        .select()
        .from(discussionPosts)
        .where(and(eq(discussionPosts.parentId, parentId), isNull(discussionPosts.deletedAt), visibleTo(v), lt(discussionPosts.seq, beforeSeq)))
        .orderBy(desc(discussionPosts.seq))
        .limit(limit + 1);
    },
    async authors(portalId: string, ids: string[]): Promise<AuthorRow[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
          avatar: users.avatar,
          names: mentorProfiles.names,
          profileAvatar: mentorProfiles.avatarUrl,
        })
        .from(users)
        .leftJoin(mentorProfiles, and(eq(mentorProfiles.userId, users.id), eq(mentorProfiles.portalId, portalId)))
        .where(inArray(users.id, ids));
    },
    /** Learners' top-level posts no mentor has answered yet, oldest first, after a position. */
    waiting(portalId: string, after: number, limit: number): Promise<PostRow[]> {
      return db
        .select()
        .from(discussionPosts)
        .where(
          and(
            eq(discussionPosts.portalId, portalId),
            isNull(discussionPosts.parentId),
            isNull(discussionPosts.answeredAt),
            eq(discussionPosts.authorKind, "learner"),
            isNull(discussionPosts.deletedAt),
            isNull(discussionPosts.hiddenAt),
            gt(discussionPosts.seq, after),
          ),
        )
        .orderBy(asc(discussionPosts.seq))
        .limit(limit + 1);
    },
    reports(portalId: string, status: "open" | "resolved" | "all", after: number, limit: number): Promise<ReportRow[]> {
      const where: SQL[] = [eq(discussionReports.portalId, portalId), gt(discussionReports.seq, after)];
      if (status === "open") where.push(isNull(discussionReports.resolvedAt));
      if (status === "resolved") where.push(isNotNull(discussionReports.resolvedAt));
      return db
        .select()
        .from(discussionReports)
        .where(and(...where))
        .orderBy(asc(discussionReports.seq))
        .limit(limit + 1);
    },
    async report(id: string): Promise<ReportRow | null> {
      const [row] = await db.select().from(discussionReports).where(eq(discussionReports.id, id)).limit(1);
      return row ?? null;
    },
    async postsByIds(ids: string[]): Promise<PostRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(discussionPosts).where(inArray(discussionPosts.id, ids));
    },
  };
}

/** Statements that run inside a transaction. */
function writes(tx: Db) {
  return {
    tx,
    ...reads(tx),
    ...followWrites(tx),
    /** Replies to one post queue here, so their order is the order they commit in. */
    async lockPost(id: string): Promise<PostRow | null> {
      const [row] = await tx.select().from(discussionPosts).where(eq(discussionPosts.id, id)).for("update");
      return row ?? null;
    },
    /** Null when a post with this id exists already (a retry, or a clash): the caller reads it. */
    async insertPost(row: PostInsert): Promise<PostRow | null> {
      const [created] = await tx.insert(discussionPosts).values(row).onConflictDoNothing({ target: discussionPosts.id }).returning();
      return created ?? null;
    },
    async updatePost(id: string, patch: Partial<PostInsert>): Promise<PostRow> {
      const [row] = await tx.update(discussionPosts).set(patch).where(eq(discussionPosts.id, id)).returning();
      return row!;
    },
    /** One pinned answer per post: pinning one unpins the others. */
    async unpinReplies(parentId: string, exceptId: string): Promise<void> {
      await tx
        .update(discussionPosts)
        .set({ pinnedAt: null })
        .where(and(eq(discussionPosts.parentId, parentId), ne(discussionPosts.id, exceptId), isNotNull(discussionPosts.pinnedAt)));
    },
    async markStarted(discussionId: string, userId: string, at: Date): Promise<void> {
      await tx.insert(discussionParticipants).values({ discussionId, userId, startedAt: at }).onConflictDoNothing();
    },
    /** The reporter's one report of the post: null when they had reported it already. */
    async insertReport(row: typeof discussionReports.$inferInsert): Promise<ReportRow | null> {
      const [created] = await tx.insert(discussionReports).values(row).onConflictDoNothing().returning();
      return created ?? null;
    },
    async resolveReports(where: { postId: string } | { id: string }, by: string, at: Date): Promise<ReportRow[]> {
      const match = "postId" in where ? eq(discussionReports.postId, where.postId) : eq(discussionReports.id, where.id);
      return tx
        .update(discussionReports)
        .set({ resolvedAt: at, resolvedBy: by })
        .where(and(match, isNull(discussionReports.resolvedAt)))
        .returning();
    },
  };
}
export type DiscussionsTx = ReturnType<typeof writes>;

export function createDiscussionsRepo(db: Db) {
  return {
    ...reads(db),
    transaction<T>(work: (w: DiscussionsTx) => Promise<T>): Promise<T> {
      return inTransaction(db, (tx) => work(writes(tx)));
    },
    /**
     * An element's discussion on or off: elements are cached content, so the write goes through
     * changeContent (one transaction that bumps the content version). An element without a
     * discussion id gets `disc-<elementId>` when first switched on. Null when there is no such element.
     */
    async switchDiscussion(portalId: string, elementId: string, active: boolean) {
      const [el] = await db
        .select({ id: elements.id, discussionId: elements.discussionId })
        .from(elements)
        .innerJoin(courses, eq(courses.id, elements.courseId))
        .where(and(eq(elements.id, elementId), eq(courses.portalId, portalId)))
        .limit(1);
      if (!el) return null;
      const discussionId = el.discussionId ?? (active ? `disc-${el.id}` : null);
      return changeContent(db, async (tx) => {
        const [row] = await tx.update(elements).set({ discussionActive: active, discussionId }).where(eq(elements.id, el.id)).returning();
        return { id: row!.id, discussionId: row!.discussionId, discussionActive: row!.discussionActive };
      });
    },
  };
}
export type DiscussionsRepo = ReturnType<typeof createDiscussionsRepo>;
