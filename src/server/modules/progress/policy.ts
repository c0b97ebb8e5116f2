import { COURSE_MESSAGES } from "../../../domain/course";
import type { TElementState, TElementType } from "../../../domain/element";
import { AppError } from "../../../domain/errors";
import { canSeeProgress, contentRefusal, contentRefusalError, tracksProgress, type TContentTarget, type TViewer } from "../../../domain/learning-access";
import type { TCourseType } from "../../../domain/course";

/** An element with its course and the viewer's state, as the content rule judges it. */
export function elementTarget(
  course: { id: string; type: TCourseType; requiresRegistration: boolean; published: boolean },
  element: { id: string; type: TElementType; visible: boolean },
  state: TElementState | null,
): Extract<TContentTarget, { model: "element" }> {
  return {
    model: "element",
    course: { id: course.id, type: course.type, requiresRegistration: course.requiresRegistration, published: course.published },
    element: { id: element.id, type: element.type, visible: element.visible },
    state,
  };
}

/**
 * Opening (and starting, syncing, finishing) an element: the content rule (contentRefusal) as typed
 * refusals; a draft is 'Element is not received'. `preview`: the course's preview secret was checked.
 */
export function assertMayOpen(
  viewer: TViewer,
  course: { id: string; type: TCourseType; requiresRegistration: boolean; published: boolean },
  element: { id: string; type: TElementType; visible: boolean },
  state: TElementState | null,
  opts: { preview?: boolean } = {},
): void {
  const target = elementTarget(course, element, state);
  const refusal = contentRefusal(viewer, target, opts);
  if (refusal) throw contentRefusalError(refusal, target, { code: "ELEMENT_NOT_RECEIVED", message: COURSE_MESSAGES.elementNotReceived });
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
