import type { TAwardRef } from "../../../../domain/award-ref";
import type { FinishGate } from "../../../../domain/assessment/rules";
import { AppError } from "../../../../domain/errors";
import type { TViewer } from "../../../../domain/learning-access";
import { elementStates, openedElement, type ProgressMap, type TCourseProgress, type TElementProgress, type WithState } from "../../../../domain/progress";
import { progressRecordId } from "../../../../domain/user";
import type { CourseElement, CourseStructure, CoursesService } from "../../courses/service";
import type { UsersService } from "../../users/service";
import { assertMaySeeProgress } from "../policy";
import type { CourseProgressRow, ProgressRepo, ProgressTx, StoredCourseProgress } from "../repo";

/** What the progress operations work with. */
export interface ProgressContext {
  repo: ProgressRepo;
  courses: Pick<CoursesService, "lang" | "structure" | "elementStructure" | "elementsOfCourses">;
  users: Pick<UsersService, "ensureProgress" | "findLearner">;
  portalId: string;
  now: () => Date;
  /**
   * Told after a finish that completes a course has committed: modules/certificates issues there,
   * modules/rewards grants what it earns and answers the awards this finish granted.
   */
  onCourseFinished?: (viewer: Tracked, courseId: string) => Promise<TAwardRef[]>;
  /** The finishing rule of tests: a test element needs a passed attempt (modules/assessments). */
  finishGate: FinishGate;
}

export type Tracked = Exclude<TViewer, { kind: "guest" }>;

export const recordId = (ctx: ProgressContext, userId: string) => progressRecordId(ctx.portalId, userId);

export const statesOf = (s: CourseStructure, map: ProgressMap | null) => elementStates(s.elements, map, s.course.arbitraryWalkthrough);

export const markerOf = (s: CourseStructure, p: StoredCourseProgress | null) =>
  openedElement(s.elements, p ? p.map : null, p?.row?.currentElementId ?? null, s.course.arbitraryWalkthrough);

export const ref = (e: Pick<CourseElement, "id" | "type" | "index" | "number">) => ({ id: e.id, type: e.type, index: e.index, number: e.number });

export function elementProgressOf(userId: string, s: CourseStructure, map: ProgressMap, elementId: string): TElementProgress {
  const state = statesOf(s, map).find((e) => e.id === elementId)?.state ?? null;
  const e = map[elementId];
  return {
    userId,
    courseId: s.course.id,
    elementId,
    state,
    started: e?.started ?? null,
    finished: e?.finished ?? null,
    percent: e?.percent ?? 0,
    history: e?.history ?? [],
  };
}

/** Whose progress is read: yourself by default; another learner only for their mentor and admins. */
export async function learnerFor(ctx: ProgressContext, viewer: TViewer, userId: string | undefined): Promise<string> {
  if (viewer.kind === "guest") throw new AppError("UNAUTHORIZED", "Sign in to see progress");
  if (!userId || userId === viewer.id) return viewer.id;
  const learner = await ctx.users.findLearner(userId);
  assertMaySeeProgress(viewer, { id: userId, mentorId: learner?.mentorId ?? null });
  if (!learner) throw new AppError("NOT_FOUND", `User ${userId} not found`);
  return userId;
}

/** Guarded writes: the course row is locked, states re-derived, the caller's rules re-checked. */
export async function write<T>(
  ctx: ProgressContext,
  viewer: Tracked,
  s: CourseStructure,
  work: (state: { map: ProgressMap; states: Array<WithState<CourseElement>>; row: CourseProgressRow }, tx: ProgressTx) => Promise<T>,
): Promise<T> {
  await ctx.users.ensureProgress(viewer.id);
  return ctx.repo.transaction(async (tx) => {
    const row = await tx.lockCourse(viewer.id, s.course.id, recordId(ctx, viewer.id));
    const { map } = await tx.load(viewer.id, s.course.id);
    return work({ map, states: statesOf(s, map), row }, tx);
  });
}

/** A learner's whole record in a course. */
export async function courseProgressOf(ctx: ProgressContext, userId: string, s: CourseStructure): Promise<TCourseProgress> {
  const p = await ctx.repo.load(userId, s.course.id);
  const states = statesOf(s, p.map);
  return {
    userId,
    courseId: s.course.id,
    recordId: recordId(ctx, userId),
    elements: states.map((e) => {
      const { userId: _u, courseId: _c, ...rest } = elementProgressOf(userId, s, p.map, e.id);
      return rest;
    }),
    doneCount: states.filter((e) => e.state === "done").length,
    total: states.length,
    variables: p.row?.variables ?? {},
    current: p.row?.currentElementId ?? null,
    openedElement: markerOf(s, p),
    upgradedAt: p.row?.upgradedAt?.toISOString() ?? null,
  };
}
