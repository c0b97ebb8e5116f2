import { COURSE_MESSAGES } from "./course-rules";
import type { TElementType } from "./element";
import { AppError } from "./errors";

/* Who may open a microcourse, without zod: the browser's scenarios ask it (docs/decisions/0020-lean-client.md). */

/** Seed 000 §9 spells the access type this way; it is kept as the stored and wire value. */
export const REGISTRATION_REQUIRED_ACCESS = "requred_registration";

/** Seed 000 §9: only webinar and lesson microcourses are open to guests. */
export const MICROCOURSE_GUEST_TYPES: readonly TElementType[] = ["webinar", "lesson"];

export interface MicrocourseAccess {
  openToGuests: boolean;
  requiresRegistration: boolean;
  /** A guest or session user must sign in first. */
  requiresLogin: boolean;
}

/**
 * Seed 001 §4 "Free microcourse start": a missing microcourse is the seed's error; a guest or session
 * user may skip login when the microcourse does not require registration and is open to guests.
 */
export function microcourseAccess(
  microcourse: { type: TElementType; props: { accessType: string | null } } | null | undefined,
  viewer: { guestLike: boolean },
): MicrocourseAccess {
  if (!microcourse) throw new AppError("MICROCOURSE_NOT_PROVIDED", COURSE_MESSAGES.microcourseMissing);
  const openToGuests = MICROCOURSE_GUEST_TYPES.includes(microcourse.type);
  const requiresRegistration = microcourse.props.accessType === REGISTRATION_REQUIRED_ACCESS;
  return { openToGuests, requiresRegistration, requiresLogin: viewer.guestLike && (requiresRegistration || !openToGuests) };
}
