import { z } from "zod";
import { ZLang } from "./course";
import { ZText } from "./validation/safe-text";

/**
 * Authoring (the creator studio's API, /api/admin/...): what an admin may change and what the
 * server answers. Texts are maps { lang: text } like every localized content field; a patch names
 * only the languages it changes, the others stay as they are.
 */

/** More languages than any portal has: a bigger map is a mistake or an attack, not content. */
export const MAX_PATCH_LANGS = 32;
export const COURSE_TITLE_MAX = 200;
export const COURSE_DESCRIPTION_MAX = 5_000;

const localizedPatch = (text: z.ZodType<string>) =>
  z.record(ZLang, text).refine((m) => Object.keys(m).length <= MAX_PATCH_LANGS, { error: `At most ${MAX_PATCH_LANGS} languages` });

export const ZCourseTextsPatch = z
  .object({
    title: localizedPatch(ZText.trim().min(1).max(COURSE_TITLE_MAX)).optional(),
    description: localizedPatch(ZText.max(COURSE_DESCRIPTION_MAX)).optional(),
  })
  .strict()
  .refine((p) => Object.keys(p.title ?? {}).length + Object.keys(p.description ?? {}).length > 0, {
    error: "Name at least one title or description",
  });
export type TCourseTextsPatch = z.infer<typeof ZCourseTextsPatch>;

/** A course's texts after a change, in every language it has. */
export const ZCourseTexts = z.object({
  id: z.string(),
  title: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  updatedAt: z.string(),
});
export type TCourseTexts = z.infer<typeof ZCourseTexts>;
