import { localized } from "../../../../domain/localized";
import { AppError } from "../../../../domain/errors";
import { isAdmin, tracksProgress, type TViewer } from "../../../../domain/learning-access";
import { decodeProgressCursor, encodeProgressCursor } from "../../../../domain/progress-rules";
import {
  openedElement,
  type TCourseProgress,
  type TElementProgress,
  type TOpenedElement,
  type TUserProgress,
  type TUserProgressQuery,
} from "../../../../domain/progress";
import { courseProgressOf, elementProgressOf, learnerFor, markerOf, recordId, type ProgressContext } from "./context";

/** Course getOpenedElement: the marker for the caller (a guest gets the first element as start). */
export async function getOpenedElement(ctx: ProgressContext, viewer: TViewer, courseId: string): Promise<TOpenedElement | null> {
  const s = await ctx.courses.structure(courseId, { unpublished: isAdmin(viewer) });
  const p = tracksProgress(viewer) && viewer.kind !== "guest" ? await ctx.repo.load(viewer.id, courseId) : null;
  return markerOf(s, p);
}

/** One learner's record of one element (yourself, or ?userId= for their mentor and admins). */
export async function getElementProgress(ctx: ProgressContext, viewer: TViewer, elementId: string, userId?: string): Promise<TElementProgress> {
  const learner = await learnerFor(ctx, viewer, userId);
  // Learners (and their mentors) see published structure only; drafts are the creators'.
  const s = await ctx.courses.elementStructure(elementId, { unpublished: isAdmin(viewer) });
  const { map } = await ctx.repo.load(learner, s.course.id);
  return elementProgressOf(learner, s, map, elementId);
}

/** One learner's record of a course. */
export async function getCourseProgress(ctx: ProgressContext, viewer: TViewer, courseId: string, userId?: string): Promise<TCourseProgress> {
  const learner = await learnerFor(ctx, viewer, userId);
  return courseProgressOf(ctx, learner, await ctx.courses.structure(courseId, { unpublished: isAdmin(viewer) }));
}

/**
 * A page of the courses a learner has progress in, newest activity first (the profile's progress
 * page). Its cost does not grow with the learner's courses: one query for the page (tab and counts
 * in SQL), one for its element states, and the elements of its courses from the content cache.
 */
export async function listUserProgress(
  ctx: ProgressContext,
  viewer: TViewer,
  q: TUserProgressQuery & { lang: string; userId?: string },
): Promise<TUserProgress> {
  const l = await ctx.courses.lang(q.lang);
  const learner = await learnerFor(ctx, viewer, q.userId);
  const after = q.after === undefined ? undefined : decodeProgressCursor(q.after);
  if (after === null) throw new AppError("PROGRESS_CURSOR_INVALID", "Not a cursor of the progress list");
  // A course unpublished (or removed) since the learner started it is left out for all but creators.
  const rows = await ctx.repo.page({ userId: learner, portalId: ctx.portalId, unpublished: isAdmin(viewer), tab: q.tab, after, limit: q.limit });
  const page = rows.slice(0, q.limit);
  const ids = page.map((r) => r.courseId);
  const [maps, elements] = await Promise.all([ctx.repo.stateMaps(learner, ids), ctx.courses.elementsOfCourses(ids)]);
  const courses = page.map((r) => ({
    courseId: r.courseId,
    title: localized(r.title, l.lang, l.primaryLang),
    doneCount: r.done,
    total: r.total,
    openedElement: openedElement(elements.get(r.courseId) ?? [], maps.get(r.courseId) ?? {}, r.currentElementId, r.arbitraryWalkthrough),
    updatedAt: r.updatedAt.toISOString(),
  }));
  const last = page.at(-1);
  const nextCursor = rows.length > q.limit && last ? encodeProgressCursor({ updatedAtUs: last.updatedAtUs, courseId: last.courseId }) : null;
  return { userId: learner, recordId: recordId(ctx, learner), tab: q.tab, courses, nextCursor };
}

/**
 * What the profile says of the learner's own progress: how many courses they have progress in and
 * which are finished (its certificate offers), from one aggregate query.
 */
export async function getProgressSummary(ctx: ProgressContext, viewer: TViewer): Promise<{ count: number; finished: string[] }> {
  const learner = await learnerFor(ctx, viewer, undefined);
  return ctx.repo.summary({ userId: learner, portalId: ctx.portalId, unpublished: isAdmin(viewer) });
}
