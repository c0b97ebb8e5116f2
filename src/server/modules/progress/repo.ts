import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inTransaction } from "../../db/transaction";
import { notifyOnCommit, type Bus } from "../../platform/bus";
import { createBusCache } from "../../platform/bus-cache";
import { courseProgress, elementProgress, elements } from "../../db/schema/courses";
import { deepFreeze } from "../../../domain/deep-freeze";
import type { ProgressEntry, ProgressMap, StateMap, TVariableValue } from "../../../domain/progress";
import type { ProgressCursor, TProgressTab } from "../../../domain/progress-rules";
import type { TLocalized } from "../../../domain/portal";

export type CourseProgressRow = typeof courseProgress.$inferSelect;
export type ElementProgressRow = typeof elementProgress.$inferSelect;

/** The drizzle handle of a transaction, which has the same query surface as the database. */
type Handle = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

export interface StoredCourseProgress {
  row: CourseProgressRow | null;
  map: ProgressMap;
}

export function toEntry(r: ElementProgressRow): ProgressEntry {
  return {
    state: r.state,
    started: r.started?.toISOString() ?? null,
    finished: r.finished?.toISOString() ?? null,
    percent: r.percent,
    history: r.history,
  };
}

/** One row of a page of a learner's courses: the course row's marker input, the title and the counts. */
export interface ProgressPageRow {
  courseId: string;
  currentElementId: string | null;
  updatedAt: Date;
  /** updatedAt to the microsecond, as the next page's cursor carries it. */
  updatedAtUs: string;
  title: TLocalized;
  arbitraryWalkthrough: boolean;
  /** Visible elements, and those of them done. */
  total: number;
  done: number;
}

export interface ProgressPageQuery {
  userId: string;
  portalId: string;
  /** Courses unpublished since are shown too (admins); else only published ones. */
  unpublished: boolean;
  tab: TProgressTab;
  after?: ProgressCursor;
  limit: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The learner's course rows the list shows (courses of the portal, published ones unless `unpublished`),
 * each with `n.total` visible elements and `n.done` of them done: one set-based read, no per-course query.
 */
const withCounts = (q: Pick<ProgressPageQuery, "userId" | "portalId" | "unpublished">) => sql`
  from course_progress cp
  join courses c on c.id = cp.course_id and c.portal_id = ${q.portalId} ${q.unpublished ? sql`` : sql`and c.published`}
  cross join lateral (
    select count(*)::int as total, count(ep.element_id)::int as done
    from elements e
    -- The course named here too: the done rows come from element_progress_done (user, course, ...)
    -- for this course alone, never from all the learner's records (a hash of them per row at L3).
    left join element_progress ep on ep.user_id = cp.user_id and ep.course_id = cp.course_id and ep.element_id = e.id and ep.state = 'done'
    where e.course_id = cp.course_id and e.visible
  ) n
  where cp.user_id = ${q.userId}`;
/** The finished rule of inProgressTab (domain/progress.ts) over those counts. */
const finished = sql`(n.total > 0 and n.done >= n.total)`;

function queries(db: Handle) {
  return {
    async load(userId: string, courseId: string): Promise<StoredCourseProgress> {
      const [row] = await db
        .select()
        .from(courseProgress)
        .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId)));
      const rows = await db
        .select()
        .from(elementProgress)
        .where(and(eq(elementProgress.userId, userId), eq(elementProgress.courseId, courseId)));
      return { row: row ?? null, map: Object.fromEntries(rows.map((r) => [r.elementId, toEntry(r)])) };
    },
    /** The element records alone, for reads that do not need the course row. */
    async loadMap(userId: string, courseId: string): Promise<ProgressMap> {
      const rows = await db
        .select()
        .from(elementProgress)
        .where(and(eq(elementProgress.userId, userId), eq(elementProgress.courseId, courseId)));
      return Object.fromEntries(rows.map((r) => [r.elementId, toEntry(r)]));
    },
    /** Every element record of the learner, in every course (the back office's export, issue 16). */
    elementsOf(userId: string): Promise<ElementProgressRow[]> {
      return db.select().from(elementProgress).where(eq(elementProgress.userId, userId)).orderBy(elementProgress.courseId, elementProgress.elementId);
    },
    /** Every course the learner has progress in. */
    listCourses(userId: string): Promise<CourseProgressRow[]> {
      return db.select().from(courseProgress).where(eq(courseProgress.userId, userId));
    },
    /**
     * A page of the learner's courses, newest activity first: one query, keyset on (updated_at,
     * course_id) over course_progress_user_updated, never an offset. The tab is applied here, on the
     * counts of visible elements and of those done, so a page is never filled by reading every course.
     */
    async page(q: ProgressPageQuery): Promise<ProgressPageRow[]> {
      const tab = q.tab === "finished" ? sql`and ${finished}` : q.tab === "active" ? sql`and not ${finished}` : sql``;
      // Integer microseconds added to the epoch: exact, where to_timestamp(double) would round.
      const after = q.after
        ? sql`and (cp.updated_at, cp.course_id) < (timestamptz 'epoch' + ${q.after.updatedAtUs}::bigint * interval '1 microsecond', ${q.after.courseId})`
        : sql``;
      const rows = rowsOf<Omit<ProgressPageRow, "updatedAt"> & { updatedAt: Date | string }>(
        await db.execute(sql`
          select cp.course_id as "courseId", cp.current_element_id as "currentElementId", cp.updated_at as "updatedAt",
                 (extract(epoch from cp.updated_at) * 1000000)::bigint::text as "updatedAtUs",
                 c.title, c.arbitrary_walkthrough as "arbitraryWalkthrough", n.total, n.done
          ${withCounts(q)} ${after} ${tab}
          order by cp.updated_at desc, cp.course_id desc
          limit ${q.limit + 1}`),
      );
      return rows.map((r) => ({ ...r, updatedAt: new Date(r.updatedAt), total: Number(r.total), done: Number(r.done) }));
    },
    /** How many courses the list holds, and the finished ones newest first: one aggregate (the profile's summary). */
    async summary(q: Pick<ProgressPageQuery, "userId" | "portalId" | "unpublished">): Promise<{ count: number; finished: string[] }> {
      const [row] = rowsOf<{ count: number | string; finished: string[] | null }>(
        await db.execute(sql`
          select count(*)::int as count, array_agg(cp.course_id order by cp.updated_at desc, cp.course_id desc) filter (where ${finished}) as finished
          ${withCounts(q)}`),
      );
      return { count: Number(row?.count ?? 0), finished: row?.finished ?? [] };
    },
    /** The states (and started times) of the learner's elements in several courses, in one query: what markers read. */
    async stateMaps(userId: string, courseIds: readonly string[]): Promise<Map<string, StateMap>> {
      const out = new Map<string, StateMap>(courseIds.map((id) => [id, {}]));
      if (courseIds.length === 0) return out;
      const rows = await db
        .select({ courseId: elementProgress.courseId, elementId: elementProgress.elementId, state: elementProgress.state, started: elementProgress.started })
        .from(elementProgress)
        .where(and(eq(elementProgress.userId, userId), inArray(elementProgress.courseId, [...courseIds])));
      for (const r of rows) {
        const map = out.get(r.courseId);
        if (map) map[r.elementId] = { state: r.state, started: r.started?.toISOString() ?? null };
      }
      return out;
    },
    /** Done visible elements per course, for catalogue cards. */
    async doneCounts(userId: string, courseIds: string[]): Promise<Record<string, number>> {
      if (courseIds.length === 0) return {};
      const rows = await db
        .select({ courseId: elementProgress.courseId, n: sql<number>`count(*)::int` })
        .from(elementProgress)
        .innerJoin(elements, eq(elements.id, elementProgress.elementId))
        .where(
          and(eq(elementProgress.userId, userId), inArray(elementProgress.courseId, courseIds), eq(elementProgress.state, "done"), eq(elements.visible, true)),
        )
        .groupBy(elementProgress.courseId);
      return Object.fromEntries(rows.map((r) => [r.courseId, Number(r.n)]));
    },
    async findElement(userId: string, elementId: string): Promise<ProgressEntry | null> {
      const [row] = await db
        .select()
        .from(elementProgress)
        .where(and(eq(elementProgress.userId, userId), eq(elementProgress.elementId, elementId)));
      return row ? toEntry(row) : null;
    },
  };
}

/** Learner-course pairs kept per instance: the learners of the last minutes, not everyone. */
export const PROGRESS_CACHE_MAX = 10_000;
/** How long a kept record serves without an event: bounds how long a change by hand in SQL goes unseen. */
export const PROGRESS_CACHE_MAX_AGE_MS = 60_000;
/** The bus topic a learner's progress writes are announced on (ids only). */
export const PROGRESS_TOPIC_PREFIX = "progress:";

/**
 * Writes happen inside `transaction`, on a course row locked for the learner (FOR UPDATE); every
 * learner written for is noted in `touched`, so the transaction can announce the change with its commit.
 */
function writes(db: Handle, touched: Set<string>) {
  return {
    ...queries(db),
    /** Creates the course progress row if needed and locks it, so concurrent finishes of one learner queue up. */
    async lockCourse(userId: string, courseId: string, recordId: string): Promise<CourseProgressRow> {
      touched.add(userId);
      await db.insert(courseProgress).values({ userId, courseId, recordId }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(courseProgress)
        .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId)))
        .for("update");
      return row;
    },
    async saveEntries(userId: string, courseId: string, entries: Record<string, ProgressEntry>): Promise<void> {
      touched.add(userId);
      const values = Object.entries(entries).map(([elementId, e]) => ({
        userId,
        courseId,
        elementId,
        state: e.state,
        started: e.started ? new Date(e.started) : null,
        finished: e.finished ? new Date(e.finished) : null,
        percent: e.percent,
        history: e.history,
        updatedAt: new Date(),
      }));
      if (values.length === 0) return;
      await db
        .insert(elementProgress)
        .values(values)
        .onConflictDoUpdate({
          target: [elementProgress.userId, elementProgress.elementId],
          set: {
            state: sql`excluded.state`,
            started: sql`excluded.started`,
            finished: sql`excluded.finished`,
            percent: sql`excluded.percent`,
            history: sql`excluded.history`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    },
    async updateCourse(
      userId: string,
      courseId: string,
      patch: { currentElementId?: string | null; variables?: Record<string, TVariableValue>; upgradedAt?: Date; completedAt?: Date },
    ): Promise<void> {
      touched.add(userId);
      await db
        .update(courseProgress)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId)));
    },
  };
}

/**
 * The progress store. With a bus, a learner's course record is read once and then served from memory
 * until that learner's next write (docs/decisions/0056): the write drops it here after its commit and
 * announces `progress:{userId}` with the commit, so every other instance drops it too.
 */
export function createProgressRepo(db: Db, opts: { bus?: Pick<Bus, "subscribe" | "onLost" | "onResync"> } = {}) {
  // A signed-in learner's element records of one course: every course and element read of theirs asks
  // for them, so the statement is built once (drizzle spent more on building it than on the rows).
  const mapOf = (db as Handle)
    .select()
    .from(elementProgress)
    .where(and(eq(elementProgress.userId, sql.placeholder("userId")), eq(elementProgress.courseId, sql.placeholder("courseId"))))
    .prepare("progress_element_map");
  const rowOf = (db as Handle)
    .select()
    .from(courseProgress)
    .where(and(eq(courseProgress.userId, sql.placeholder("userId")), eq(courseProgress.courseId, sql.placeholder("courseId"))))
    .prepare("progress_course_row");
  const toMap = (rows: ElementProgressRow[]): ProgressMap => Object.fromEntries(rows.map((r) => [r.elementId, toEntry(r)]));
  /** The course row and the element records; on PostgreSQL the two statements go out side by side. */
  const read = async (userId: string, courseId: string): Promise<StoredCourseProgress> => {
    const [[row], rows] = await Promise.all([rowOf.execute({ userId, courseId }), mapOf.execute({ userId, courseId })]);
    return { row: row ?? null, map: toMap(rows) };
  };
  const cache =
    opts.bus &&
    createBusCache<StoredCourseProgress>({ prefix: PROGRESS_TOPIC_PREFIX, bus: opts.bus, max: PROGRESS_CACHE_MAX, maxAgeMs: PROGRESS_CACHE_MAX_AGE_MS });
  // One object may serve many requests: nobody may change it in place.
  const load = (userId: string, courseId: string) =>
    cache ? cache.get(userId, `${userId}:${courseId}`, () => read(userId, courseId).then(deepFreeze)) : read(userId, courseId);
  return {
    ...queries(db),
    load,
    async loadMap(userId: string, courseId: string): Promise<ProgressMap> {
      return cache ? (await load(userId, courseId)).map : toMap(await mapOf.execute({ userId, courseId }));
    },
    /** Runs `work` in one transaction: what it reads under lockCourse and writes commits together. */
    async transaction<T>(work: (tx: ReturnType<typeof writes>) => Promise<T>): Promise<T> {
      const touched = new Set<string>();
      try {
        return await inTransaction(db, async (tx) => {
          const result = await work(writes(tx, touched));
          if (cache && touched.size > 0) {
            await tx.execute(notifyOnCommit([...touched].map((id) => ({ topic: `${PROGRESS_TOPIC_PREFIX}${id}`, kind: "changed", id }))));
          }
          return result;
        });
      } finally {
        // After the commit (or a rollback, which changed nothing: dropping is always safe).
        for (const id of touched) cache?.invalidate(id);
      }
    },
  };
}
export type ProgressRepo = ReturnType<typeof createProgressRepo>;
export type ProgressTx = ReturnType<typeof writes>;
