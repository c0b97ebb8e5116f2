import { z } from "zod";
import { isSafeUrl } from "./blocks/safe-url";
import { ZCourseId, ZLang } from "./course";
import { ZElementType } from "./element";
import { ZMicrocourseAccessType } from "./microcourse";
import { COURSE_DESCRIPTION_MAX, COURSE_TITLE_MAX, DURATION_MAX, MAX_PATCH_LANGS } from "./studio";
import { ZPageAlias } from "./studio-pages";
import { mediaField } from "./media-field";
import { ZText } from "./validation/safe-text";

/** Microcourses as the studio authors them (issue 15, docs/api/studio.md); texts per language, merged on change. */

const localized = (text: z.ZodType<string>) =>
  z.record(ZLang, text).refine((m) => Object.keys(m).length <= MAX_PATCH_LANGS, { error: `At most ${MAX_PATCH_LANGS} languages` });
export const ZStudioTitle = localized(ZText.trim().min(1).max(COURSE_TITLE_MAX));
export const ZStudioDescription = localized(ZText.max(COURSE_DESCRIPTION_MAX));
/** A cover or a video address: a site path or an http(s) URL, never javascript: or data:. */
export const ZStudioMediaUrl = ZText.min(1).max(2048).refine(isSafeUrl, { error: "Use a site path (/...) or an http(s) address" });

const settings = {
  description: ZStudioDescription,
  cover: mediaField(ZStudioMediaUrl, "image").nullable(),
  duration: z.number().int().min(0).max(DURATION_MAX),
  /** Null: the type's default rule (seed 001 "Free microcourse start"). */
  accessType: ZMicrocourseAccessType.nullable(),
  pageAlias: ZPageAlias.nullable(),
  visible: z.boolean(),
  published: z.boolean(),
  hidden: z.boolean(),
};

export const ZMicrocourseCreate = z
  .object({
    id: ZCourseId,
    type: ZElementType,
    title: ZStudioTitle,
    description: settings.description.optional(),
    cover: settings.cover.optional(),
    duration: settings.duration.default(0),
    accessType: settings.accessType.optional(),
    pageAlias: settings.pageAlias.default(null),
    visible: z.boolean().default(true),
    published: z.boolean().default(false),
    hidden: z.boolean().default(false),
  })
  .strict();
export type TMicrocourseCreate = z.infer<typeof ZMicrocourseCreate>;

const named = (p: Record<string, unknown>) =>
  Object.values(p).some((v) => v !== undefined && (v === null || typeof v !== "object" || Object.keys(v).length > 0));

export const ZMicrocoursePatch = z
  .object({
    title: ZStudioTitle.optional(),
    description: settings.description.optional(),
    cover: settings.cover.optional(),
    duration: settings.duration.optional(),
    accessType: settings.accessType.optional(),
    pageAlias: settings.pageAlias.optional(),
    visible: z.boolean().optional(),
    published: z.boolean().optional(),
    hidden: z.boolean().optional(),
  })
  .strict()
  .refine(named, { error: "Name at least one field to change" });
export type TMicrocoursePatch = z.infer<typeof ZMicrocoursePatch>;

export const ZStudioMicrocourse = z.object({
  id: z.string(),
  type: ZElementType,
  title: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  cover: z.string().nullable(),
  duration: z.number().int(),
  accessType: ZMicrocourseAccessType.nullable(),
  pageAlias: z.string().nullable(),
  index: z.number().int(),
  visible: z.boolean(),
  published: z.boolean(),
  hidden: z.boolean(),
  dateCreated: z.string(),
});
export type TStudioMicrocourse = z.infer<typeof ZStudioMicrocourse>;
export const ZStudioMicrocourseList = z.object({ microcourses: z.array(ZStudioMicrocourse) });

/** The languages a body names in its texts: each must be one of the portal's. */
export function textLangs(...maps: Array<Record<string, string> | undefined>): string[] {
  return [...new Set(maps.flatMap((m) => Object.keys(m ?? {})))];
}
