import { and, asc, count, desc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { TAuditQuery, TAuditSummary, TPricing } from "../../../domain/studio";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { courses, elements } from "../../db/schema/courses";
import { changeContent } from "../../platform/content-version";
import { inTransaction } from "../../db/transaction";
import { pageStore } from "./pages-repo";

export type CourseRow = typeof courses.$inferSelect & { elementsCount: number };
export type ElementRow = typeof elements.$inferSelect;

export interface CourseWrite {
  title?: Record<string, string>;
  description?: Record<string, string>;
  category?: { id: string; title: Record<string, string> };
  pricing?: TPricing;
  arbitraryWalkthrough?: boolean;
  published?: boolean;
  hidden?: boolean;
  buttonText?: Record<string, string>;
  buttonTextBuy?: Record<string, string>;
}

export interface ElementWrite {
  title?: Record<string, string>;
  duration?: number;
  cover?: string | null;
  visible?: boolean;
  discussionActive?: boolean;
}

/** Who makes a content change: every audit row of it names them. */
export interface Author {
  portalId: string;
  actorId: string;
}

/** What one audit row says of a change (its author is the change's). */
export interface AuditWrite {
  action: string;
  entityType: string;
  entityId: string;
  summary: TAuditSummary;
}

/** jsonb `||`: the languages named replace theirs, the others stay. */
const merge = (column: AnyPgColumn, value: Record<string, string> | undefined) => (value ? sql`${column} || ${JSON.stringify(value)}::jsonb` : undefined);

const pricingColumns = (p: TPricing | undefined) =>
  p === undefined ? {} : p.type === "paid" ? { type: p.type, price: p.price, currency: p.currency } : { type: p.type, price: null, currency: null };

/*
 * Drizzle writes a column of a one-table select without its table's name, so `${elements.courseId} =
 * ${courses.id}` became "course_id" = "id" (inside the subquery: each element against itself, always 0).
 * The correlated count names both tables itself.
 */
const elementsCount =
  sql<number>`(select count(*)::int from ${elements} where ${elements}.${sql.identifier(elements.courseId.name)} = ${courses}.${sql.identifier(courses.id.name)})`.as(
    "elements_count",
  );

function reads(db: Db) {
  const listCourses = (portalId: string, where?: SQL): Promise<CourseRow[]> =>
    db
      .select({ course: courses, elementsCount })
      .from(courses)
      .where(and(eq(courses.portalId, portalId), where))
      .orderBy(asc(courses.index), asc(courses.dateCreated), asc(courses.id))
      .then((rows) => rows.map((r) => ({ ...r.course, elementsCount: Number(r.elementsCount) })));
  return {
    /** The page designer's live rows, drafts and versions (pages-repo.ts). */
    pages: pageStore(db),
    courses: listCourses,
    async course(portalId: string, id: string): Promise<CourseRow | null> {
      return (await listCourses(portalId, eq(courses.id, id)))[0] ?? null;
    },
    elements(courseId: string): Promise<ElementRow[]> {
      return db.select().from(elements).where(eq(elements.courseId, courseId)).orderBy(asc(elements.index), asc(elements.createdAt));
    },
    /** An element of one of the portal's courses; null for another portal's or none. */
    async element(portalId: string, id: string): Promise<ElementRow | null> {
      const [row] = await db
        .select({ element: elements })
        .from(elements)
        .innerJoin(courses, eq(courses.id, elements.courseId))
        .where(and(eq(courses.portalId, portalId), eq(elements.id, id)));
      return row?.element ?? null;
    },
    audit(portalId: string, q: TAuditQuery) {
      return db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.portalId, portalId),
            q.entityType ? eq(auditLog.entityType, q.entityType) : undefined,
            q.entityId ? eq(auditLog.entityId, q.entityId) : undefined,
            q.before ? lt(auditLog.id, q.before) : undefined,
          ),
        )
        .orderBy(desc(auditLog.id))
        .limit(q.limit);
    },
  };
}

/** Writes of authored content; each runs inside a content change (see `change`). */
function writes(db: Db, author: Author) {
  return {
    ...reads(db),
    async audit(entry: AuditWrite): Promise<void> {
      await db.insert(auditLog).values({ ...author, ...entry });
    },
    /** Holds the course's row until the change commits: element adds and reorders of one course queue. */
    async lockCourse(portalId: string, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.portalId, portalId), eq(courses.id, id)))
        .for("update");
      return rows.length > 0;
    },
    /** False when the id is taken (by any portal's course: ids are addresses and the primary key). */
    async insertCourse(portalId: string, id: string, title: Record<string, string>, write: CourseWrite): Promise<boolean> {
      const [{ next }] = (await db
        .select({ next: sql<number>`coalesce(max(${courses.index}) + 1, 0)::int` })
        .from(courses)
        .where(eq(courses.portalId, portalId))) as [{ next: number }];
      const rows = await db
        .insert(courses)
        .values({
          id,
          portalId,
          title,
          description: write.description ?? {},
          categoryId: write.category?.id,
          categoryTitle: write.category?.title,
          ...pricingColumns(write.pricing),
          arbitraryWalkthrough: write.arbitraryWalkthrough,
          published: write.published,
          hidden: write.hidden,
          buttonText: write.buttonText,
          buttonTextBuy: write.buttonTextBuy,
          index: Number(next),
        })
        .onConflictDoNothing({ target: courses.id })
        .returning();
      return rows.length > 0;
    },
    /** Merges texts per language and sets the named settings; false when the portal has no such course. */
    async updateCourse(portalId: string, id: string, write: CourseWrite): Promise<boolean> {
      const rows = await db
        .update(courses)
        .set({
          title: merge(courses.title, write.title),
          description: merge(courses.description, write.description),
          categoryId: write.category?.id,
          categoryTitle: write.category?.title,
          ...pricingColumns(write.pricing),
          arbitraryWalkthrough: write.arbitraryWalkthrough,
          published: write.published,
          hidden: write.hidden,
          buttonText: merge(courses.buttonText, write.buttonText),
          buttonTextBuy: merge(courses.buttonTextBuy, write.buttonTextBuy),
          updatedAt: new Date(),
        })
        .where(and(eq(courses.portalId, portalId), eq(courses.id, id)))
        .returning();
      return rows.length > 0;
    },
    /** The course's preview secret hash (null switches preview off); false when the portal has no such course. */
    async setPreviewSecretHash(portalId: string, id: string, hash: string | null): Promise<boolean> {
      const rows = await db
        .update(courses)
        .set({ previewSecretHash: hash })
        .where(and(eq(courses.portalId, portalId), eq(courses.id, id)))
        .returning();
      return rows.length > 0;
    },
    /** Progress upgrades compare against the course's updatedAt: an element change is a course change. */
    async touchCourse(id: string): Promise<void> {
      await db.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, id));
    },
    async insertElement(row: typeof elements.$inferInsert): Promise<ElementRow> {
      const [inserted] = await db.insert(elements).values(row).returning();
      return inserted!;
    },
    async countElements(courseId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(elements).where(eq(elements.courseId, courseId));
      return Number(row?.n ?? 0);
    },
    async updateElement(id: string, write: ElementWrite): Promise<void> {
      await db
        .update(elements)
        .set({
          title: merge(elements.title, write.title),
          duration: write.duration,
          cover: write.cover,
          visible: write.visible,
          discussionActive: write.discussionActive,
          // Switched on for the first time: the id its thread lives under (as the admins' switch does).
          ...(write.discussionActive ? { discussionId: sql`coalesce(${elements.discussionId}, 'disc-' || ${elements.id})` } : {}),
        })
        .where(eq(elements.id, id));
    },
    /** Index and number from the position in `ids` (every id of the course, checked by the caller). */
    async reorderElements(courseId: string, ids: string[]): Promise<void> {
      const position = sql.join(
        ids.map((id, i) => sql`when ${id} then ${i}`),
        sql` `,
      );
      await db
        .update(elements)
        .set({ index: sql`(case ${elements.id} ${position} end)::int`, number: sql`(case ${elements.id} ${position} end)::int + 1` })
        .where(and(eq(elements.courseId, courseId), inArray(elements.id, ids)));
    },
  };
}
export type StudioWrites = ReturnType<typeof writes>;

export function createStudioRepo(db: Db) {
  return {
    ...reads(db),
    /**
     * One content change: `work`'s writes, its audit rows and the content version bump commit together
     * (platform/content-version.ts), so every instance's caches see it at once. Throwing rolls back.
     */
    change<T>(author: Author, work: (w: StudioWrites) => Promise<T>): Promise<T> {
      return changeContent(db, (tx) => work(writes(tx, author)));
    },
    /**
     * A change of what only authors see (page drafts): one transaction with its audit rows, without
     * the content version bump, so saving a draft every few seconds leaves readers' caches alone.
     */
    draftChange<T>(author: Author, work: (w: StudioWrites) => Promise<T>): Promise<T> {
      return inTransaction(db, (tx) => work(writes(tx, author)));
    },
  };
}
export type StudioRepo = ReturnType<typeof createStudioRepo>;
