import { z } from "zod";
import { LIMITS } from "./constants";
import { COURSE_MESSAGES, ZLang, ZQueryFlag, ZRel } from "./course";
import { ZElementType, type TElementType } from "./element";
import { AppError } from "./errors";
import { ZBlock } from "./page";

/** Seed 000 §9 spells the access type this way; it is kept as the stored and wire value. */
export const REGISTRATION_REQUIRED_ACCESS = "requred_registration";
export const MICROCOURSE_ACCESS_TYPES = ["free_access", REGISTRATION_REQUIRED_ACCESS] as const;
export const ZMicrocourseAccessType = z.enum(MICROCOURSE_ACCESS_TYPES);

/** Seed 000 §9: only webinar and lesson microcourses are open to guests. */
export const MICROCOURSE_GUEST_TYPES: readonly TElementType[] = ["webinar", "lesson"];

/** Seed 000 §3: relativeUrl /{type}/{id}/. */
export function microcourseRelativeUrl(type: TElementType, id: string): string {
  return `/${type}/${encodeURIComponent(id)}/`;
}

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

export const ZMicrocourseAccess = z.object({ openToGuests: z.boolean(), requiresRegistration: z.boolean(), requiresLogin: z.boolean() });

export const ZMicrocourse = z.object({
  id: z.string(),
  type: ZElementType,
  title: z.string(),
  description: z.string(),
  cover: z.string().nullable(),
  /** Minutes. */
  duration: z.number().int(),
  props: z.object({ accessType: ZMicrocourseAccessType.nullable() }),
  pageAlias: z.string().nullable(),
  bots: z.array(z.string()),
  courseId: z.string().nullable(),
  index: z.number().int(),
  number: z.number().int(),
  visible: z.boolean(),
  relativeUrl: z.string(),
  access: ZMicrocourseAccess,
});
export type TMicrocourse = z.infer<typeof ZMicrocourse>;

export const ZMicrocourseWithComponents = ZMicrocourse.extend({ components: z.array(ZBlock) });

/** Seed 000 §7: lang, rel all, published true, onlyMyGroups true, limit 100, exceptHidden true. */
export const ZMicrocourseListQuery = z.object({
  lang: ZLang,
  rel: ZRel,
  published: ZQueryFlag(true),
  onlyMyGroups: ZQueryFlag(true),
  limit: z.coerce.number().int().min(1).max(LIMITS.microcourses).default(LIMITS.microcourses),
  exceptHidden: ZQueryFlag(true),
});
export type TMicrocourseListQuery = z.infer<typeof ZMicrocourseListQuery>;
