import { isAppError } from "../../../../domain/errors";
import { isAdmin, type TViewer } from "../../../../domain/learning-access";
import { assertTracked } from "../policy";
import { write, type ProgressContext } from "./context";

/**
 * Upgrade progress: writes the states the learner sees into the stored map (the first element of
 * a new course, elements added since), for one course or all of the learner's. Without force,
 * courses upgraded since their content last changed are skipped.
 */
export async function upgradeProgress(ctx: ProgressContext, viewer: TViewer, body: { courseId?: string; force: boolean }) {
  assertTracked(viewer);
  const ids = body.courseId ? [body.courseId] : (await ctx.repo.listCourses(viewer.id)).map((r) => r.courseId);
  const upgraded: string[] = [];
  const skipped: string[] = [];
  for (const id of ids) {
    // All of the learner's courses: one unpublished (or removed) since is left out, not named.
    const s = await ctx.courses.structure(id, { unpublished: isAdmin(viewer) }).catch((e: unknown) => {
      if (!body.courseId && isAppError(e, "COURSE_NOT_RECEIVED")) return null;
      throw e;
    });
    if (!s) continue;
    const done = await write(ctx, viewer, s, async ({ map, states, row }, tx) => {
      if (!body.force && row.upgradedAt && row.upgradedAt >= s.course.updatedAt) return false;
      const at = ctx.now().toISOString();
      const missing = Object.fromEntries(
        states
          .filter((e) => e.state && !map[e.id])
          .map((e) => [e.id, { state: e.state!, started: null, finished: null, percent: 0, history: [{ at, event: "opened" as const }] }]),
      );
      await tx.saveEntries(viewer.id, id, missing);
      await tx.updateCourse(viewer.id, id, { upgradedAt: ctx.now() });
      return true;
    });
    (done ? upgraded : skipped).push(id);
  }
  return { upgraded, skipped };
}
