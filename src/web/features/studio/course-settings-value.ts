import type { z } from "zod";
import type { TValidationError } from "../../../domain/api-replies";
import { NO_CATEGORY } from "../../../domain/course-labels";
import type { TCoursePatch, TStudioCourse } from "../../../domain/studio";
import type { PathIssue } from "./form-value";

/*
 * The course settings form's value (the fields of ZCoursePatch) made from a course, and the patch of
 * what an author changed in it: only the changed fields, and of a text only the changed languages.
 */

export type CourseSettings = Record<string, unknown>;

/** A course's settings as the form edits them; a course without a category gets none (the author may add one). */
export function settingsOf(course: TStudioCourse): CourseSettings {
  const { title, description, category, pricing, arbitraryWalkthrough, published, hidden, buttonText, buttonTextBuy, cover, covers, certificate, gift, award } =
    course;
  return {
    title,
    description,
    ...(category.id && category.id !== NO_CATEGORY ? { category } : {}),
    pricing,
    arbitraryWalkthrough,
    published,
    hidden,
    buttonText,
    buttonTextBuy,
    ...(cover ? { cover } : {}),
    covers,
    certificate,
    ...(gift ? { gift } : {}),
    ...(award ? { award } : {}),
  };
}

const isTextMap = (v: unknown): v is Record<string, string> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((t) => typeof t === "string");

/**
 * The languages of a text that changed. A language the author emptied is sent as "": a description
 * becomes empty there; a title or a button text cannot be empty, and the server says so at the field.
 */
function changedTexts(before: Record<string, string>, after: Record<string, string>, removed: "" | null): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [lang, text] of Object.entries(after)) if (before[lang] !== text) out[lang] = text;
  for (const lang of Object.keys(before)) if (!(lang in after)) out[lang] = removed;
  return out;
}

/** Whether the schema's map `field` takes null for a language (a course's covers: null removes a language's). */
function mapClearsWithNull(schema: z.ZodType | undefined, field: string): boolean {
  const shape = (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};
  let f: z.ZodType | undefined = shape[field];
  while (f && f.def.type === "optional") f = (f as z.ZodOptional).unwrap() as z.ZodType;
  return f?.def.type === "record" && (f as z.ZodRecord<z.ZodString, z.ZodType>).valueType.safeParse(null).success;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The patch of the fields that differ between the saved settings and the form's; empty when nothing
 * changed. A language removed from a map the schema clears with null (covers) is sent as null.
 */
export function settingsPatch<P extends object = TCoursePatch>(saved: CourseSettings, edited: CourseSettings, schema?: z.ZodType): P {
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(edited)) {
    const before = saved[field];
    if (same(before, value)) continue;
    if (field !== "category" && isTextMap(before) && isTextMap(value)) {
      const texts = changedTexts(before, value, mapClearsWithNull(schema, field) ? null : "");
      if (Object.keys(texts).length > 0) patch[field] = texts;
    } else if (value !== undefined) {
      patch[field] = value;
    }
  }
  return patch as P;
}

/** The server's validation errors ("title.en") as issues at the form's fields. */
export function serverIssuesOf(errors: readonly TValidationError[] | undefined): PathIssue[] {
  return (errors ?? []).map((e) => ({
    path: e.path.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    issue: { key: "custom", params: {} },
  }));
}

/**
 * The optional fields the author removed that the schema clears with null (a cover, a page alias):
 * sent as null, since leaving a field out of a patch keeps it.
 */
export function clearedFields(schema: z.ZodType, saved: Record<string, unknown>, edited: Record<string, unknown>): Record<string, null> {
  const shape = (schema as { shape?: Record<string, z.ZodType> }).shape ?? {};
  const cleared = Object.keys(saved).filter((f) => saved[f] !== undefined && edited[f] === undefined && shape[f]?.safeParse(null).success);
  return Object.fromEntries(cleared.map((f) => [f, null]));
}
