import type { FinishGate } from "../../../domain/assessment/rules";
import { tracksProgress, type TViewer } from "../../../domain/learning-access";
import type { ProgressMap, TSyncBody, TUserProgressQuery, TVariableValue } from "../../../domain/progress";
import type { CoursesService } from "../courses/service";
import type { UsersService } from "../users/service";
import { statesOf, type ProgressContext } from "./operations/context";
import { finishElement } from "./operations/finish-element";
import { getCourseProgress, getElementProgress, getOpenedElement, getProgressSummary, listUserProgress } from "./operations/read-progress";
import { setVariable } from "./operations/set-variable";
import { startElement } from "./operations/start-element";
import { syncElement } from "./operations/sync-element";
import { upgradeProgress } from "./operations/upgrade-progress";
import type { ProgressRepo } from "./repo";

/**
 * The viewer's own stored progress, for reads of content (modules/courses asks these): null (or
 * nothing) when progress is not tracked for the viewer. Needs nothing but the progress store.
 */
export function createViewerProgress({ repo }: { repo: ProgressRepo }) {
  const tracked = (viewer: TViewer): viewer is Exclude<TViewer, { kind: "guest" }> => tracksProgress(viewer) && viewer.kind !== "guest";
  return {
    async stored(viewer: TViewer, courseId: string): Promise<{ map: ProgressMap; currentElementId: string | null } | null> {
      if (!tracked(viewer)) return null;
      const p = await repo.load(viewer.id, courseId);
      return { map: p.map, currentElementId: p.row?.currentElementId ?? null };
    },
    /** Only the element map, for reads that need no stored current element. */
    async storedMap(viewer: TViewer, courseId: string): Promise<ProgressMap | null> {
      return tracked(viewer) ? repo.loadMap(viewer.id, courseId) : null;
    },
    async doneCounts(viewer: TViewer, courseIds: string[]): Promise<Record<string, number>> {
      return tracked(viewer) ? repo.doneCounts(viewer.id, courseIds) : {};
    },
  };
}
export type ViewerProgress = ReturnType<typeof createViewerProgress>;

export interface ProgressServiceDeps {
  repo: ProgressRepo;
  courses: Pick<CoursesService, "lang" | "structure" | "elementStructure" | "elementsOfCourses">;
  users: Pick<UsersService, "ensureProgress" | "findLearner">;
  portalId: string;
  now?: () => Date;
  onCourseFinished?: ProgressContext["onCourseFinished"];
  /** The finishing rule of tests (modules/assessments); without it nothing is held back. */
  finishGate?: FinishGate;
}

/**
 * The learner's path through content: the progress operations of seed 000 §7 (operations/*.ts).
 * The server is the source of truth: every write re-derives the states under a row lock.
 */
export function createProgressService({ now = () => new Date(), finishGate = async () => undefined, ...deps }: ProgressServiceDeps) {
  const ctx: ProgressContext = { ...deps, now, finishGate };
  return {
    openedElement: (viewer: TViewer, courseId: string) => getOpenedElement(ctx, viewer, courseId),
    elementProgress: (viewer: TViewer, elementId: string, userId?: string) => getElementProgress(ctx, viewer, elementId, userId),
    courseProgress: (viewer: TViewer, courseId: string, userId?: string) => getCourseProgress(ctx, viewer, courseId, userId),
    userProgress: (viewer: TViewer, q: TUserProgressQuery & { lang: string; userId?: string }) => listUserProgress(ctx, viewer, q),
    /** The viewer's own course count and finished courses (the profile). */
    summary: (viewer: TViewer) => getProgressSummary(ctx, viewer),
    start: (viewer: TViewer, elementId: string) => startElement(ctx, viewer, elementId),
    finish: (viewer: TViewer, elementId: string) => finishElement(ctx, viewer, elementId),
    sync: (viewer: TViewer, elementId: string, body: TSyncBody) => syncElement(ctx, viewer, elementId, body),
    setVariable: (viewer: TViewer, courseId: string, name: string, value: TVariableValue) => setVariable(ctx, viewer, courseId, name, value),
    upgrade: (viewer: TViewer, body: { courseId?: string; force: boolean }) => upgradeProgress(ctx, viewer, body),
    /**
     * A person's courses as the back office shows them (issue 16): per course with progress, how many
     * elements are done and how many were started. Any learner: the caller checks who may see it.
     */
    async coursesOf(userId: string): Promise<Array<{ courseId: string; done: number; started: number; updatedAt: string }>> {
      const [courses, entries] = await Promise.all([ctx.repo.listCourses(userId), ctx.repo.elementsOf(userId)]);
      return courses.map((c) => {
        const mine = entries.filter((e) => e.courseId === c.courseId);
        return {
          courseId: c.courseId,
          done: mine.filter((e) => e.state === "done").length,
          started: mine.length,
          updatedAt: c.updatedAt.toISOString(),
        };
      });
    },
    /** Every course and element record of a person, for their data export (issue 16). */
    async exportOf(userId: string) {
      const [courses, entries] = await Promise.all([ctx.repo.listCourses(userId), ctx.repo.elementsOf(userId)]);
      return {
        courses: courses.map((c) => ({
          courseId: c.courseId,
          currentElementId: c.currentElementId,
          variables: c.variables,
          createdAt: c.createdAt,
          updatedAt: c.updatedAt,
        })),
        elements: entries.map((e) => ({
          courseId: e.courseId,
          elementId: e.elementId,
          state: e.state,
          percent: e.percent,
          started: e.started,
          finished: e.finished,
          history: e.history,
        })),
      };
    },
    /** Every visible element of the published course is done for the learner ("course finished"). */
    async hasFinished(userId: string, courseId: string): Promise<boolean> {
      const s = await ctx.courses.structure(courseId, { unpublished: false });
      const states = statesOf(s, await ctx.repo.loadMap(userId, courseId));
      return states.length > 0 && states.every((e) => e.state === "done");
    },
  };
}
export type ProgressService = ReturnType<typeof createProgressService>;
