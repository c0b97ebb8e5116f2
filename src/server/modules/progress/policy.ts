import { COURSE_MESSAGES } from "../../../domain/course";
import type { TElementState, TElementType } from "../../../domain/element";
import { AppError } from "../../../domain/errors";
import { canSeeProgress, elementRefusal, tracksProgress, type TViewer } from "../../../domain/learning-access";
import type { TCourseType } from "../../../domain/course";

/** Opening (and starting, syncing, finishing) an element: the seed's rules as typed refusals. */
export function assertMayOpen(
  viewer: TViewer,
  course: { id: string; type: TCourseType; requiresRegistration: boolean },
  element: { id: string; type: TElementType },
  state: TElementState | null,
): void {
  const refusal = elementRefusal(viewer, course, element, state);
  if (refusal === "registration-required") {
    throw new AppError("REGISTRATION_REQUIRED", `Sign in to open ${element.type} ${element.id}`, { courseId: course.id, elementId: element.id });
  }
  if (refusal === "not-bought") throw new AppError("COURSE_NOT_BOUGHT", `Course ${course.id} is not bought`, { courseId: course.id });
  if (refusal === "locked") throw new AppError("ELEMENT_LOCKED", `Element ${element.id} is locked`, { courseId: course.id, elementId: element.id });
}

/** Progress writes: guests are asked to sign in; signed-in non-disciples are refused (seed 000 §6). */
export function assertTracked(viewer: TViewer): asserts viewer is Exclude<TViewer, { kind: "guest" }> {
  if (viewer.kind === "guest") throw new AppError("UNAUTHORIZED", "Sign in to keep your progress");
  if (!tracksProgress(viewer)) throw new AppError("PROGRESS_NOT_TRACKED", "Progress tracking applies to disciples only");
}

/** Reading someone's progress: the owner, that learner's mentor, admins; everyone else 403 (no IDOR). */
export function assertMaySeeProgress(viewer: TViewer, learner: { id: string; mentorId: string | null }): void {
  if (viewer.kind === "guest") throw new AppError("UNAUTHORIZED", "Sign in to see progress");
  if (!canSeeProgress(viewer, learner)) throw new AppError("AUTH_DENY", "You may not see this learner's progress");
}

export const ELEMENTS_NO_COURSE = { code: "ELEMENTS_NO_COURSE", message: COURSE_MESSAGES.elementsNoCourse } as const;
