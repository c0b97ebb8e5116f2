import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { courses, elements, reviews } from "../../db/schema/courses";

export type CourseRow = typeof courses.$inferSelect;
export type CourseInsert = typeof courses.$inferInsert;
export type ElementRow = typeof elements.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type CourseWithCount = CourseRow & { elementsCount: number };

export interface CourseListFilter {
  portalId: string;
  /** Only published courses. */
  published: boolean;
  exceptHidden: boolean;
}

export function createCoursesRepo(db: Db) {
  // Spelled out: inside a selected subquery drizzle leaves column names unqualified, and "id" would bind to elements.
  const visibleCount = sql<number>`(select count(*)::int from "elements" where "elements"."course_id" = "courses"."id" and "elements"."visible")`;
  return {
    /** Courses of the portal in catalogue order, with their visible elements counted. */
    async listCourses(f: CourseListFilter): Promise<CourseWithCount[]> {
      const where: SQL[] = [eq(courses.portalId, f.portalId)];
      if (f.published) where.push(eq(courses.published, true));
      if (f.exceptHidden) where.push(eq(courses.hidden, false));
      const rows = await db
        .select({ course: courses, elementsCount: visibleCount })
        .from(courses)
        .where(and(...where))
        .orderBy(asc(courses.index), desc(courses.dateCreated), asc(courses.id));
      return rows.map((r) => ({ ...r.course, elementsCount: Number(r.elementsCount) }));
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
