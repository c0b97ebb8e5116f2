import { and, asc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { DIGEST_PERIOD_MS, type TDigestPeriod } from "../../../domain/discussion-digest";
import type { Db } from "../../db/client";
import { discussionDigests, discussionFollows, discussionPosts } from "../../db/schema/discussions";
import { users } from "../../db/schema/users";

/*
 * The queries of following and discussion e-mails (docs/decisions/0044); repo.ts spreads them into
 * the module's reads and transaction writes, so the module still has one repository.
 */

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type DigestRow = typeof discussionDigests.$inferSelect;

/** One new post for one follower, as the digest job collects them. */
export interface DigestNews {
  userId: string;
  email: string | null;
  lang: string | null;
  postId: string;
  discussionId: string;
  elementId: string;
  courseId: string;
  authorId: string;
  parentId: string | null;
  text: string;
  createdAt: Date;
}

export function followReads(db: Db) {
  return {
    /** The discussions among `ids` that the user follows. */
    async followed(userId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: discussionFollows.discussionId })
        .from(discussionFollows)
        .where(and(eq(discussionFollows.userId, userId), eq(discussionFollows.following, true), inArray(discussionFollows.discussionId, ids)));
      return new Set(rows.map((r) => r.id));
    },
    async digest(userId: string): Promise<DigestRow | null> {
      const [row] = await db.select().from(discussionDigests).where(eq(discussionDigests.userId, userId)).limit(1);
      return row ?? null;
    },
  };
}

export function followWrites(tx: Db) {
  return {
    /** Follow or unfollow explicitly; a changed choice restarts the news from `at`. */
    async setFollow({ at, ...row }: { userId: string; discussionId: string; portalId: string; following: boolean; at: Date }): Promise<void> {
      await tx
        .insert(discussionFollows)
        .values({ ...row, createdAt: at, changedAt: at })
        .onConflictDoUpdate({
          target: [discussionFollows.userId, discussionFollows.discussionId],
          set: {
            following: row.following,
            changedAt: sql`case when ${discussionFollows.following} = ${row.following} then ${discussionFollows.changedAt} else ${ts(at)} end`,
          },
        });
    },
    /** Posting follows a thread, unless the person has a row for it already (an unfollow is remembered). */
    async followOnPost({ at, ...row }: { userId: string; discussionId: string; portalId: string; at: Date }): Promise<boolean> {
      const made = await tx
        .insert(discussionFollows)
        .values({ ...row, following: true, createdAt: at, changedAt: at })
        .onConflictDoNothing()
        .returning();
      return made.length > 0;
    },
    /**
     * The person's e-mail row exists from their first follow (the news start then); `lang` is the
     * latest reading language we know of.
     */
    async touchDigest(userId: string, lang: string, at: Date): Promise<void> {
      await tx.insert(discussionDigests).values({ userId, lang, coveredUntil: at }).onConflictDoUpdate({ target: discussionDigests.userId, set: { lang } });
    },
    /** The person's choice. Coming back from "off" starts the news afresh: nothing from the silent time. */
    async setDigest(userId: string, period: TDigestPeriod, lang: string, at: Date): Promise<DigestRow> {
      const [row] = await tx
        .insert(discussionDigests)
        .values({ userId, period, lang, coveredUntil: at })
        .onConflictDoUpdate({
          target: discussionDigests.userId,
          set: {
            period,
            lang,
            coveredUntil: sql`case when ${discussionDigests.period} = 'off' and ${period} <> 'off' then ${ts(at)} else ${discussionDigests.coveredUntil} end`,
          },
        })
        .returning();
      return row!;
    },
    /** The job's lock: one instance runs a round at a time; the others skip theirs. */
    async tryDigestLock(): Promise<boolean> {
      const [row] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('mentora:discussion-digest')) as ok`));
      return !!row?.ok;
    },
    /**
     * New posts and replies for every follower on this portal whose period has passed since their
     * last letter: after that letter (and after they followed), up to `upTo`; not their own, not
     * deleted, not hidden, not under a hidden post. By person, then oldest first; at most `limit`
     * rows, so only the last person's may be cut short.
     */
    news(portalId: string, now: Date, upTo: Date, limit: number): Promise<DigestNews[]> {
      const parent = alias(discussionPosts, "parent");
      const due = (period: "daily" | "weekly") =>
        and(eq(discussionDigests.period, period), sql`${discussionDigests.coveredUntil} <= ${ts(new Date(now.getTime() - DIGEST_PERIOD_MS[period]))}`);
      return tx
        .select({
          userId: discussionDigests.userId,
          email: users.email,
          lang: discussionDigests.lang,
          postId: discussionPosts.id,
          discussionId: discussionPosts.discussionId,
          elementId: discussionPosts.elementId,
          courseId: discussionPosts.courseId,
          authorId: discussionPosts.authorId,
          parentId: discussionPosts.parentId,
          text: discussionPosts.text,
          createdAt: discussionPosts.createdAt,
        })
        .from(discussionDigests)
        .innerJoin(users, eq(users.id, discussionDigests.userId))
        .innerJoin(
          discussionFollows,
          and(eq(discussionFollows.userId, discussionDigests.userId), eq(discussionFollows.following, true), eq(discussionFollows.portalId, portalId)),
        )
        .innerJoin(discussionPosts, and(eq(discussionPosts.discussionId, discussionFollows.discussionId), eq(discussionPosts.portalId, portalId)))
        .leftJoin(parent, eq(parent.id, discussionPosts.parentId))
        .where(
          and(
            or(eq(discussionDigests.period, "each"), due("daily"), due("weekly")),
            sql`${discussionPosts.createdAt} > greatest(${discussionDigests.coveredUntil}, ${discussionFollows.changedAt})`,
            sql`${discussionPosts.createdAt} <= ${ts(upTo)}`,
            ne(discussionPosts.authorId, discussionDigests.userId),
            isNull(discussionPosts.deletedAt),
            isNull(discussionPosts.hiddenAt),
            or(isNull(discussionPosts.parentId), isNull(parent.hiddenAt)),
          ),
        )
        .orderBy(asc(discussionDigests.userId), asc(discussionPosts.createdAt), asc(discussionPosts.seq))
        .limit(limit);
    },
    /** The letters of these people cover posts up to `upTo`. */
    async markCovered(userIds: string[], upTo: Date): Promise<void> {
      if (userIds.length === 0) return;
      await tx.update(discussionDigests).set({ coveredUntil: upTo }).where(inArray(discussionDigests.userId, userIds));
    },
  };
}
