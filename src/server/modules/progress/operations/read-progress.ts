import { localized } from "../../../../domain/localized";
import { isAppError } from "../../../../domain/errors";
import { isAdmin, tracksProgress, type TViewer } from "../../../../domain/learning-access";
import type { TCourseProgress, TElementProgress, TOpenedElement } from "../../../../domain/progress";
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

/** Every course a learner has progress in (the profile's progress page). */
export async function listUserProgress(ctx: ProgressContext, viewer: TViewer, q: { lang: string; userId?: string }) {
  const l = await ctx.courses.lang(q.lang);
  const learner = await learnerFor(ctx, viewer, q.userId);
  const rows = await ctx.repo.listCourses(learner);
  const out = [];
  for (const row of rows.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())) {
    // A course unpublished (or removed) since the learner started it is left out for all but creators.
    const s = await ctx.courses.structure(row.courseId, { unpublished: isAdmin(viewer) }).catch((e: unknown) => {
      if (isAppError(e, "COURSE_NOT_RECEIVED")) return null;
      throw e;
    });
    if (!s) continue;
    const cp = await courseProgressOf(ctx, learner, s);
    out.push({
      courseId: row.courseId,
      title: localized(s.course.title, l.lang, l.primaryLang),
      doneCount: cp.doneCount,
      total: cp.total,
      openedElement: cp.openedElement,
      updatedAt: row.updatedAt.toISOString(),
    });
  }
  return { userId: learner, recordId: recordId(ctx, learner), courses: out };
}
