import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { courses } from "../../db/schema/courses";
import { changeContent } from "../../platform/content-version";

export interface CourseTextsRow {
  id: string;
  title: Record<string, string>;
  description: Record<string, string>;
  updatedAt: Date;
}

/** Writes of authored content; each runs inside a content change (see `change`). */
function writes(db: Db) {
  return {
    /**
     * Merges the given languages into the course's title and description (jsonb `||`: languages not
     * named stay) and marks the course changed. Null when the portal has no such course.
     */
    async updateCourseTexts(
      portalId: string,
      id: string,
      patch: { title?: Record<string, string>; description?: Record<string, string> },
    ): Promise<CourseTextsRow | null> {
      const merge = (column: typeof courses.title | typeof courses.description, value: Record<string, string> | undefined) =>
        value ? sql`${column} || ${JSON.stringify(value)}::jsonb` : column;
      const [row] = await db
        .update(courses)
        .set({ title: merge(courses.title, patch.title), description: merge(courses.description, patch.description), updatedAt: new Date() })
        .where(and(eq(courses.portalId, portalId), eq(courses.id, id)))
        .returning();
      return row ? { id: row.id, title: row.title, description: row.description, updatedAt: row.updatedAt } : null;
    },
  };
}
export type StudioWrites = ReturnType<typeof writes>;

export function createStudioRepo(db: Db) {
  return {
    /**
     * One content change: `work`'s writes and the content version bump commit together
     * (platform/content-version.ts), so every instance's caches see it at once. Throwing rolls back.
     */
    change<T>(work: (w: StudioWrites) => Promise<T>): Promise<T> {
      return changeContent(db, (tx) => work(writes(tx)));
    },
  };
}
export type StudioRepo = ReturnType<typeof createStudioRepo>;
