import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inTransaction } from "../../db/transaction";
import { courseProgress, elementProgress, elements } from "../../db/schema/courses";
import type { ProgressEntry, ProgressMap, TVariableValue } from "../../../domain/progress";

export type CourseProgressRow = typeof courseProgress.$inferSelect;
export type ElementProgressRow = typeof elementProgress.$inferSelect;

/** The drizzle handle of a transaction, which has the same query surface as the database. */
type Handle = Pick<Db, "select" | "insert" | "update" | "delete">;

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
    /** Every course the learner has progress in. */
    listCourses(userId: string): Promise<CourseProgressRow[]> {
      return db.select().from(courseProgress).where(eq(courseProgress.userId, userId));
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

/** Writes happen inside `transaction`, on a course row locked for the learner (FOR UPDATE). */
function writes(db: Handle) {
  return {
    ...queries(db),
    /** Creates the course progress row if needed and locks it, so concurrent finishes of one learner queue up. */
    async lockCourse(userId: string, courseId: string, recordId: string): Promise<CourseProgressRow> {
      await db.insert(courseProgress).values({ userId, courseId, recordId }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(courseProgress)
        .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId)))
        .for("update");
      return row;
    },
    async saveEntries(userId: string, courseId: string, entries: Record<string, ProgressEntry>): Promise<void> {
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
      patch: { currentElementId?: string | null; variables?: Record<string, TVariableValue>; upgradedAt?: Date },
    ): Promise<void> {
      await db
        .update(courseProgress)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId)));
    },
  };
}

export function createProgressRepo(db: Db) {
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
  return {
    ...queries(db),
    /** The course row and the element records; on PostgreSQL the two statements go out side by side. */
    async load(userId: string, courseId: string): Promise<StoredCourseProgress> {
      const [[row], rows] = await Promise.all([rowOf.execute({ userId, courseId }), mapOf.execute({ userId, courseId })]);
      return { row: row ?? null, map: toMap(rows) };
    },
    async loadMap(userId: string, courseId: string): Promise<ProgressMap> {
      return toMap(await mapOf.execute({ userId, courseId }));
    },
    /** Runs `work` in one transaction: what it reads under lockCourse and writes commits together. */
    transaction<T>(work: (tx: ReturnType<typeof writes>) => Promise<T>): Promise<T> {
      return inTransaction(db, (tx) => work(writes(tx)));
    },
  };
}
export type ProgressRepo = ReturnType<typeof createProgressRepo>;
export type ProgressTx = ReturnType<typeof writes>;
