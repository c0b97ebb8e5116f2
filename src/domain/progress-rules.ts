/**
 * The rules of a learner's list of courses shared by the server and the progress page, without zod
 * (the page imports them: docs/decisions/0020-lean-client.md). The schemas are in progress.ts.
 */

/** The profile's progress tabs: courses under way, courses finished, or every course with progress. */
export const PROGRESS_TABS = ["active", "finished", "all"] as const;
export type TProgressTab = (typeof PROGRESS_TABS)[number];

export function isProgressTab(id: string): id is TProgressTab {
  return (PROGRESS_TABS as readonly string[]).includes(id);
}

/**
 * Finished: the course has visible elements and every one is done. The server filters a page by the
 * same rule in SQL (progress repo `page`), over the same counts.
 */
export function isCourseFinished(course: { doneCount: number; total: number }): boolean {
  return course.total > 0 && course.doneCount >= course.total;
}

export function inProgressTab(tab: TProgressTab, course: { doneCount: number; total: number }): boolean {
  if (tab === "finished") return isCourseFinished(course);
  if (tab === "active") return !isCourseFinished(course);
  return true;
}

/**
 * A page's position: the last row's updatedAt in microseconds since the epoch (PostgreSQL keeps
 * microseconds: a millisecond cursor would skip rows of the same millisecond) and its course id.
 * Opaque to clients; 16 digits reach past the year 2200 and keep the value a valid timestamp.
 */
const PROGRESS_CURSOR = /^([0-9]{1,16})\.([A-Za-z0-9_-]{1,120})$/;
export interface ProgressCursor {
  updatedAtUs: string;
  courseId: string;
}
export const encodeProgressCursor = (c: ProgressCursor) => `${c.updatedAtUs}.${c.courseId}`;
/** Null for anything that is not a cursor this server made the shape of. */
export function decodeProgressCursor(cursor: string): ProgressCursor | null {
  const m = PROGRESS_CURSOR.exec(cursor);
  return m ? { updatedAtUs: m[1], courseId: m[2] } : null;
}
