import { z } from "zod";
import { FORM_MSG, isHiddenField, type TFormField } from "../forms";
import { isBlank, normalizePhone, notBlank, optionalField, PHONE_PATTERN, text } from "./fields";
import { MSG } from "./messages";
import { buildFieldSchema } from "./registration-fields";

/**
 * The zod schema of a dynamic form, built from its field list (seed 001 §5 "Dynamic form": all
 * fields validated before save, required flag from the field schema). The browser validates with it
 * before sending and the server validates the record with it again, so both report the same keys.
 */

/** Longest answer of a remote-search or select field (an id or an option value). */
export const CHOICE_MAX = 200;

type AnswerSchema = z.ZodType<string | boolean | undefined>;

/** The required rule of seed 5's generic field: its message carries the field's name. */
function requiredRule(field: TFormField) {
  return { error: MSG.required, params: { field: field.label }, abort: true } as const;
}

/** Optional answers may be left blank (dropped); required ones treat a missing key as blank. */
function requiredOrOptional(field: TFormField, schema: z.ZodType<string>, blank: (v: unknown) => boolean = isBlank): AnswerSchema {
  if (field.validation.required) return z.preprocess((v) => (v === undefined || v === null ? "" : v), schema);
  return optionalField(schema, blank);
}

/** The generic text rules (required with the name, e-mail, min/max length with the bound, regexp with u). */
function genericText(field: TFormField, email: boolean): AnswerSchema {
  return buildFieldSchema({
    id: field.name,
    type: email ? "email" : "text",
    name: field.label,
    validation: email ? { ...field.validation, email: true } : field.validation,
    active: true,
    switchable: true,
  });
}

function phone(field: TFormField): AnswerSchema {
  const schema = text(MSG.phone).overwrite(normalizePhone).refine(notBlank, requiredRule(field)).regex(PHONE_PATTERN, { error: MSG.phone });
  return requiredOrOptional(field, schema, (v) => isBlank(v) || (typeof v === "string" && normalizePhone(v) === ""));
}

function choice(field: TFormField): AnswerSchema {
  const allowed = field.component === "select" ? new Set((field.props.options ?? []).map((o) => o.value)) : null;
  let schema = text(FORM_MSG.invalid).trim().refine(notBlank, requiredRule(field)).max(CHOICE_MAX, { error: FORM_MSG.option, abort: true });
  // A remote-search answer is a record id; whether that record exists only the server can tell.
  if (allowed) schema = schema.refine((v) => allowed.has(v), { error: FORM_MSG.option });
  return requiredOrOptional(field, schema);
}

function checkbox(field: TFormField): AnswerSchema {
  const box = z.boolean({ error: FORM_MSG.invalid });
  if (!field.validation.required) return z.preprocess((v) => (v === null ? undefined : v), box.optional());
  return z.preprocess(
    (v) => (v === undefined || v === null ? false : v),
    box.refine((v) => v, requiredRule(field)),
  );
}

export function buildAnswerSchema(field: TFormField): AnswerSchema {
  switch (field.component) {
    case "email":
      return genericText(field, true);
    case "text":
    case "textarea":
      return genericText(field, field.validation.email === true);
    case "phone":
      return phone(field);
    case "select":
    case "remote-search":
      return choice(field);
    case "checkbox":
      return checkbox(field);
  }
}

export type FormAnswers = Record<string, string | boolean | undefined>;

/**
 * One key per field name (the first field with a name wins). Keys the form does not have are
 * refused, and so are the hidden fields: a visitor cannot choose their userId or missionaryId.
 */
export function buildFormSchema(fields: readonly TFormField[]): z.ZodType<FormAnswers> {
  const shape: Record<string, AnswerSchema> = {};
  for (const field of fields) {
    if (isHiddenField(field.name) || field.name in shape) continue;
    shape[field.name] = buildAnswerSchema(field);
  }
  return z.strictObject(shape, {
    error: (issue) => (issue.code === "unrecognized_keys" ? FORM_MSG.unknownField : MSG.required),
  }) as unknown as z.ZodType<FormAnswers>;
}

/** The values a form starts with: defaults from the schema, else empty (false for check boxes). */
export function initialAnswers(fields: readonly TFormField[]): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const field of fields) {
    if (isHiddenField(field.name) || field.name in out) continue;
    if (field.component === "checkbox") out[field.name] = field.defaultValue === true;
    else out[field.name] = typeof field.defaultValue === "string" ? field.defaultValue : "";
  }
  return out;
}
