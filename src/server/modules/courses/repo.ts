import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { ListPageQuery } from "../../../domain/list-scope";
import type { Db } from "../../db/client";
import { forSomeGroups, groupScopeCondition } from "../../db/group-scope";
import { courses, elements, reviews } from "../../db/schema/courses";

export type CourseRow = typeof courses.$inferSelect;
export type CourseInsert = typeof courses.$inferInsert;
export type ElementRow = typeof elements.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type CourseWithCount = CourseRow & { elementsCount: number };

/** One page of the catalogue: `limit` rows after (or before) the course `anchor`, in catalogue order. */
export interface CoursePageQuery extends ListPageQuery {
  portalId: string;
}

export function createCoursesRepo(db: Db) {
  // Spelled out: inside a selected subquery drizzle leaves column names unqualified, and "id" would bind to elements.
  const visibleCount = sql<number>`(select count(*)::int from "elements" where "elements"."course_id" = "courses"."id" and "elements"."visible")`;
  return {
    /**
     * A keyset page in catalogue order (index asc, date_created desc, id asc), "before" pages
     * nearest first (the caller turns them round). The anchor's keys are read in SQL, not passed in:
     * a JS Date would cut date_created's microseconds and the page would skip or repeat a course.
     * The redundant bound on "index" lets the courses_catalogue_order index start at the anchor's
     * index instead of scanning from the first course.
     */
    async listCoursesPage(q: CoursePageQuery): Promise<CourseWithCount[]> {
      const where: Array<SQL | undefined> = [eq(courses.portalId, q.portalId), groupScopeCondition(courses.groups, q.groups)];
      if (q.published) where.push(eq(courses.published, true));
      if (q.exceptHidden) where.push(eq(courses.hidden, false));
      const after = q.anchor?.dir !== "before";
      if (q.anchor) {
        const id = q.anchor.id;
        const key = (col: string) => sql`(select ${sql.identifier(col)} from "courses" where "id" = ${id})`;
        const [ai, ad, aid] = [key("index"), key("date_created"), key("id")];
        where.push(
          after
            ? sql`(${courses.index} >= ${ai} and (${courses.index} > ${ai} or (${courses.index} = ${ai} and (${courses.dateCreated} < ${ad} or (${courses.dateCreated} = ${ad} and ${courses.id} > ${aid})))))`
            : sql`(${courses.index} <= ${ai} and (${courses.index} < ${ai} or (${courses.index} = ${ai} and (${courses.dateCreated} > ${ad} or (${courses.dateCreated} = ${ad} and ${courses.id} < ${aid})))))`,
        );
      }
      const rows = await db
        .select({ course: courses, elementsCount: visibleCount })
        .from(courses)
        .where(and(...where))
        .orderBy(
          ...(after ? [asc(courses.index), desc(courses.dateCreated), asc(courses.id)] : [desc(courses.index), asc(courses.dateCreated), desc(courses.id)]),
        )
        .limit(q.limit);
      return rows.map((r) => ({ ...r.course, elementsCount: Number(r.elementsCount) }));
    },
    /** Whether any course of the portal is for some groups only (else a viewer's team changes no list). */
    async hasGroupCourses(portalId: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(courses)
        .where(and(eq(courses.portalId, portalId), forSomeGroups(courses.groups)))
        .limit(1);
      return row !== undefined;
    },
    async findCourse(portalId: string, id: string): Promise<CourseWithCount | null> {
      const [row] = await db
        .select({ course: courses, elementsCount: visibleCount })
        .from(courses)
        .where(and(eq(courses.portalId, portalId), eq(courses.id, id)))
        .limit(1);
      return row ? { ...row.course, elementsCount: Number(row.elementsCount) } : null;
    },
    /** The course row alone, for the progress rules (no element count). */
    async findCourseRow(portalId: string, id: string): Promise<CourseRow | null> {
      return (
        (
          await db
            .select()
            .from(courses)
            .where(and(eq(courses.portalId, portalId), eq(courses.id, id)))
            .limit(1)
        )[0] ?? null
      );
    },
    /** Every element of a course, hidden ones included (the rules decide what is shown). */
    listElements(courseId: string): Promise<ElementRow[]> {
      return db.select().from(elements).where(eq(elements.courseId, courseId)).orderBy(asc(elements.index), asc(elements.number));
    },
    /** The elements of several courses in one query, each course's in its order (a page of a learner's courses). */
    async listElementsOf(courseIds: readonly string[]): Promise<Map<string, ElementRow[]>> {
      const out = new Map<string, ElementRow[]>(courseIds.map((id) => [id, []]));
      if (courseIds.length === 0) return out;
      const rows = await db
        .select()
        .from(elements)
        .where(inArray(elements.courseId, [...courseIds]))
        .orderBy(asc(elements.courseId), asc(elements.index), asc(elements.number));
      for (const r of rows) out.get(r.courseId)?.push(r);
      return out;
    },
    async findElement(id: string): Promise<ElementRow | null> {
      return (await db.select().from(elements).where(eq(elements.id, id)).limit(1))[0] ?? null;
    },
    listReviews(courseId: string, lang: string | undefined, limit: number): Promise<ReviewRow[]> {
      const where: SQL[] = [eq(reviews.courseId, courseId), eq(reviews.published, true)];
      if (lang) where.push(eq(reviews.lang, lang));
      return db
        .select()
        .from(reviews)
        .where(and(...where))
        .orderBy(desc(reviews.createdAt), asc(reviews.id))
        .limit(limit);
    },
  };
}
export type CoursesRepo = ReturnType<typeof createCoursesRepo>;
