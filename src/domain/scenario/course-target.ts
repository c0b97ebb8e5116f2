import { COURSE_MESSAGES } from "../course-rules";
import type { TElementType } from "../element";
import { microcourseAccess } from "../microcourse-access";

/**
 * What the course and microcourse scenarios (seed 001 §4 "Free lesson start", "Free microcourse
 * start", buy-course) need to know about their target. The course screens build these from the
 * courses API; the scenarios never fetch course data themselves.
 */
export interface CourseTarget {
  courseId: string;
  isCommercial: boolean;
  /** The user's orders.courses contains the course. */
  isBought: boolean;
  /** Guests and session users may open its free lessons and webinars. */
  accessibleWithoutRegistration: boolean;
  /** Price shown before paying, when commercial. */
  price?: { amount: number; currency: string };
  /**
   * The web path of the element to open once the scenario ends (the opened element, or the one the
   * learner clicked). Resolved at the end because signing in can change the progress it depends on.
   */
  resolveElementPath(): Promise<string | null>;
}

export interface MicrocourseTarget {
  id: string;
  /** Element type of the microcourse: only webinar and lesson are open to guests. */
  type: TElementType;
  /** props.accessType; "requred_registration" (sic, seed 000 §9) requires registration. */
  accessType?: string;
  path: string;
}

export const MICROCOURSE_MISSING = COURSE_MESSAGES.microcourseMissing;

/** Seed 001 §4: a guest or session user may skip login for a microcourse open to guests. */
export function microcourseOpenToGuests(m: MicrocourseTarget): boolean {
  return !microcourseAccess({ type: m.type, props: { accessType: m.accessType ?? null } }, { guestLike: true }).requiresLogin;
}
