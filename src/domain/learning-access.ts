import type { TCourseType } from "./course";
import type { TElementState, TElementType } from "./element";
import { GUEST_ID } from "./user";

/**
 * Who is looking at learning content, reduced to what the access rules need.
 * guest: no account; session: an anonymous session user (status session); user: signed in.
 */
export type TViewer =
  | { kind: "guest" }
  | { kind: "session" | "user"; id: string; roles: readonly string[]; orderedCourses: readonly string[]; teamId: string | null };

export function viewerOf(
  user: { id: string; status: "active" | "session" | null; roles: readonly string[]; orders: { courses: readonly string[] }; teamId?: string | null } | null,
): TViewer {
  if (!user || user.id === GUEST_ID) return { kind: "guest" };
  return { kind: user.status === "session" ? "session" : "user", id: user.id, roles: user.roles, orderedCourses: user.orders.courses, teamId: user.teamId ?? null };
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
