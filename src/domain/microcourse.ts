import { z } from "zod";
import { LIMITS } from "./constants";
import { ZLang, ZQueryFlag, ZRel } from "./course";
import { ZElementType, type TElementType } from "./element";
import { listPagingShape, notBoth, ZListPaging } from "./list-cursor";
import { REGISTRATION_REQUIRED_ACCESS } from "./microcourse-access";
import { ZBlock } from "./page";

export const MICROCOURSE_ACCESS_TYPES = ["free_access", REGISTRATION_REQUIRED_ACCESS] as const;
export const ZMicrocourseAccessType = z.enum(MICROCOURSE_ACCESS_TYPES);

/** Seed 000 §3: relativeUrl /{type}/{id}/. */
export function microcourseRelativeUrl(type: TElementType, id: string): string {
  return `/${type}/${encodeURIComponent(id)}/`;
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
export const ZMicrocourseListQuery = z
  .object({
    lang: ZLang,
    rel: ZRel,
    published: ZQueryFlag(true),
    onlyMyGroups: ZQueryFlag(true),
    limit: z.coerce.number().int().min(1).max(LIMITS.microcourses).default(LIMITS.microcourses),
    exceptHidden: ZQueryFlag(true),
    ...listPagingShape,
  })
  .refine(notBoth, { error: "cursor and before are exclusive", path: ["before"] });
export type TMicrocourseListQuery = z.infer<typeof ZMicrocourseListQuery>;

/** A page of the microcourse list and where the pages around it start. */
export const ZMicrocourseListPage = z.object({ microcourses: z.array(ZMicrocourse) }).extend(ZListPaging.shape);
export type TMicrocourseListPage = z.infer<typeof ZMicrocourseListPage>;
