import { and, asc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { microcourses } from "../../db/schema/courses";

export type MicrocourseRow = typeof microcourses.$inferSelect;

export function createMicrocoursesRepo(db: Db) {
  return {
    list(f: { portalId: string; published: boolean; exceptHidden: boolean }): Promise<MicrocourseRow[]> {
      const where: SQL[] = [eq(microcourses.portalId, f.portalId), eq(microcourses.visible, true)];
      if (f.published) where.push(eq(microcourses.published, true));
      if (f.exceptHidden) where.push(eq(microcourses.hidden, false));
      return db
        .select()
        .from(microcourses)
        .where(and(...where))
        .orderBy(asc(microcourses.index), asc(microcourses.number), asc(microcourses.id));
    },
    async find(portalId: string, id: string): Promise<MicrocourseRow | null> {
      return (
        (
          await db
            .select()
            .from(microcourses)
            .where(and(eq(microcourses.portalId, portalId), eq(microcourses.id, id)))
            .limit(1)
        )[0] ?? null
      );
    },
  };
}
export type MicrocoursesRepo = ReturnType<typeof createMicrocoursesRepo>;
