import type { TCourseType } from "./course";
import { COURSE_MESSAGES } from "./course-rules";
import type { TElementState, TElementType } from "./element";
import { AppError, type ErrorCode } from "./errors";
import { microcourseAccess } from "./microcourse-access";
import { GUEST_ID, type TUser } from "./user";

/**
 * Who is looking at learning content, reduced to what the access rules need.
 * guest: no account; session: an anonymous session user (status session); user: signed in.
 */
export type TViewer =
  { kind: "guest" } | { kind: "session" | "user"; id: string; roles: readonly string[]; orderedCourses: readonly string[]; teamId: string | null };

/** A visitor without an account, for reads that are the same for everyone (system pages, policies). */
export const GUEST_VIEWER: TViewer = { kind: "guest" };

export function viewerOf(
  user: { id: string; status: "active" | "session" | null; roles: readonly string[]; orders: { courses: readonly string[] }; teamId?: string | null } | null,
): TViewer {
  if (!user || user.id === GUEST_ID) return { kind: "guest" };
  return {
    kind: user.status === "session" ? "session" : "user",
    id: user.id,
    roles: user.roles,
    orderedCourses: user.orders.courses,
    teamId: user.teamId ?? null,
  };
}

/** Who a request is: a user with a live session, a guest, or someone holding a bad token. */
export type Auth = { kind: "user"; user: TUser; sessionId: string } | { kind: "guest" } | { kind: "bad-token" };

/**
 * The one "who is reading" rule for content, on the API and in SSR loaders: a user is their viewer,
 * no token is a guest, and a bad token is read as a guest too (the reply then holds only what a guest
 * may read). The learning API passes `badToken: "refuse"` to answer the seed's 401 TOKEN-BAD instead,
 * so its client drops the token.
 */
export function requestViewer(auth: Auth, opts: { badToken?: "guest" | "refuse" } = {}): TViewer {
  if (auth.kind === "bad-token" && opts.badToken === "refuse") throw new AppError("TOKEN_BAD", "The access token is not valid");
  return auth.kind === "user" ? viewerOf(auth.user) : { kind: "guest" };
}

/** Seed 000 §6: "guest" is the guest id or the session status. */
export function isGuestLike(v: TViewer): boolean {
  return v.kind !== "user";
}

export function isAdmin(v: TViewer): boolean {
  return v.kind !== "guest" && v.roles.includes("admin");
}

/**
 * Seed 000 §6: progress tracking and upgrade apply only to disciples. Session users are disciples
 * (seed 001 §4 upgrades them on creation), so they are tracked too; guests never are.
 */
export function tracksProgress(v: TViewer): boolean {
  return v.kind !== "guest" && v.roles.includes("disciple");
}

export const GUEST_ELEMENT_TYPES: readonly TElementType[] = ["lesson", "webinar"];

/** Seed 000 §6: a guest may open only free lessons or webinars in courses accessible without registration. */
export function guestMayOpen(course: { type: TCourseType; requiresRegistration: boolean }, elementType: TElementType): boolean {
  return course.type === "free" && !course.requiresRegistration && GUEST_ELEMENT_TYPES.includes(elementType);
}

export type ElementRefusal = "registration-required" | "not-bought" | "locked";

/**
 * May this viewer open this element now? Admins (creators) may open anything. Guests and session
 * users are held to the guest rule first (they must sign in), then a commercial course must be bought,
 * then the element must be open in the viewer's states.
 */
export function elementRefusal(
  viewer: TViewer,
  course: { id: string; type: TCourseType; requiresRegistration: boolean },
  element: { type: TElementType },
  state: TElementState | null,
): ElementRefusal | null {
  if (isAdmin(viewer)) return null;
  if (isGuestLike(viewer) && !guestMayOpen(course, element.type)) return "registration-required";
  if (course.type === "paid" && (viewer.kind === "guest" || !viewer.orderedCourses.includes(course.id))) return "not-bought";
  if (state !== "opened" && state !== "done") return "locked";
  return null;
}

/** Why content is withheld: it does not exist for this viewer (a draft, hidden), or one of the element refusals. */
export type ContentRefusal = "not-found" | ElementRefusal;

type CourseFacts = { id: string; type: TCourseType; requiresRegistration: boolean; published: boolean };

/**
 * Content that the access rule judges: a course (its landing page), an element of a course with the
 * viewer's state in it, a microcourse, a video event, or a model this rule does not know (creators only).
 */
export type TContentTarget =
  | { model: "course"; course: CourseFacts }
  | { model: "element"; course: CourseFacts; element: { id: string; type: TElementType; visible: boolean }; state: TElementState | null }
  | { model: "microcourse"; microcourse: { id: string; published: boolean; visible: boolean; type: TElementType; accessType: string | null } }
  | { model: "video-event"; videoEvent: { id: string; published: boolean } }
  | { model: "unknown" };

/** The page models the rule knows; a page bound to any other model is for creators only. */
export const CONTENT_MODELS = ["course", "element", "microcourse", "video-event"] as const;
export type TContentModel = (typeof CONTENT_MODELS)[number];
export function isContentModel(name: string): name is TContentModel {
  return (CONTENT_MODELS as readonly string[]).includes(name);
}

/** Drafts (unpublished pages, courses, elements, microcourses) are for creators, or a creator preview. */
export function maySeeDrafts(viewer: TViewer, opts: { preview?: boolean } = {}): boolean {
  return isAdmin(viewer) || !!opts.preview;
}

/**
 * THE content access rule: may this viewer read this content (its data, its page, its blocks)?
 * Every path that answers a course's, element's, microcourse's or video event's content applies it
 * (the elements API, the pages API by model and by alias, the SSR pages, the progress reads).
 * - Creators (admins) read everything; so does a creator preview (the caller checked the course's
 *   secret), which also ignores locks.
 * - Unpublished content is "not-found": a draft course, an invisible element, an element of a draft
 *   course, an unpublished or invisible microcourse, an unpublished video event, an unknown model.
 * - A published course's landing content is public (it sells the course).
 * - An element follows elementRefusal: the guest rule, then bought, then open in the viewer's states.
 * - A microcourse asks guests and session users to sign in where seed 001 §4 says so.
 */
export function contentRefusal(viewer: TViewer, target: TContentTarget, opts: { preview?: boolean } = {}): ContentRefusal | null {
  if (maySeeDrafts(viewer, opts)) return null;
  switch (target.model) {
    case "course":
      return target.course.published ? null : "not-found";
    case "element":
      if (!target.course.published || !target.element.visible) return "not-found";
      return elementRefusal(viewer, target.course, target.element, target.state);
    case "microcourse": {
      const m = target.microcourse;
      if (!m.published || !m.visible) return "not-found";
      return microcourseAccess({ type: m.type, props: { accessType: m.accessType } }, { guestLike: isGuestLike(viewer) }).requiresLogin
        ? "registration-required"
        : null;
    }
    case "video-event":
      return target.videoEvent.published ? null : "not-found";
    case "unknown":
      return "not-found";
  }
}

/**
 * A refusal as the typed error every path answers with: the same REGISTRATION-REQUIRED,
 * COURSE-NOT-BOUGHT and ELEMENT-LOCKED (403) as the elements API, and the caller's own 404 for
 * content that does not exist for the viewer (so a draft is indistinguishable from a missing id).
 */
export function contentRefusalError(refusal: ContentRefusal, target: TContentTarget, notFound: { code: ErrorCode; message: string }): AppError {
  const courseId = target.model === "course" || target.model === "element" ? target.course.id : undefined;
  const elementId = target.model === "element" ? target.element.id : undefined;
  const microcourseId = target.model === "microcourse" ? target.microcourse.id : undefined;
  const what = elementId ? `element ${elementId}` : microcourseId ? `microcourse ${microcourseId}` : "this content";
  switch (refusal) {
    case "not-found":
      return new AppError(notFound.code, notFound.message);
    case "registration-required":
      return new AppError("REGISTRATION_REQUIRED", `Sign in to open ${what}`, {
        ...(courseId ? { courseId } : {}),
        ...(elementId ? { elementId } : {}),
        ...(microcourseId ? { microcourseId } : {}),
      });
    case "not-bought":
      return new AppError("COURSE_NOT_BOUGHT", `Course ${courseId} is not bought`, { courseId });
    case "locked":
      return new AppError("ELEMENT_LOCKED", `Element ${elementId} is locked`, { courseId, elementId });
  }
}

export const MENTOR_ROLES = ["mentor", "mp-leader", "mp-admin"] as const;

/** Seed 000 §2/§6: a learner's progress is seen by the learner, that learner's mentor, and admins. */
export function canSeeProgress(viewer: TViewer, learner: { id: string; mentorId: string | null }): boolean {
  if (viewer.kind === "guest") return false;
  if (viewer.id === learner.id || viewer.roles.includes("admin")) return true;
  return learner.mentorId === viewer.id && viewer.roles.some((r) => (MENTOR_ROLES as readonly string[]).includes(r));
}

/** Courses limited to groups show only to members (onlyMyGroups); a course with no groups is for everyone. */
export function inMyGroups(courseGroups: readonly string[], viewer: TViewer): boolean {
  if (courseGroups.length === 0) return true;
  return viewer.kind !== "guest" && viewer.teamId !== null && courseGroups.includes(viewer.teamId);
}

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
