import { z } from "zod";
import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MIN,
  ZEmail,
  ZPassword,
  ZPersonName,
  ZPhone,
  ZPhoneOptional,
  maxChars,
  minChars,
  notBlank,
  optionalField,
  text,
} from "./fields";
import { MSG } from "./messages";

/**
 * Seed 001 section 3 "Registration settings": the portal lists registration fields per language,
 * each with validation rules set by the portal creator; the sign-up form and the sign-up route both
 * build their schema from the active fields of the visitor's language.
 */

export const REGISTRATION_FIELD_TYPES = ["text", "email", "password", "phone", "number", "textarea"] as const;

export const ZFieldValidation = z.object({
  required: z.boolean().optional(),
  email: z.boolean().optional(),
  minLength: z.number().int().min(0).optional(),
  maxLength: z.number().int().min(0).optional(),
  /** A RegExp source, compiled with the `u` flag; matched anywhere unless the author anchors it. */
  regexp: z.string().optional(),
});
export type TFieldValidation = z.infer<typeof ZFieldValidation>;

export const ZRegistrationField = z.object({
  id: z.string().min(1),
  type: z.enum(REGISTRATION_FIELD_TYPES),
  /** Shown to the learner; also the `field` param of the generic "required" message. */
  name: z.string(),
  validation: ZFieldValidation.default({}),
  active: z.boolean(),
  /** false for the fields every portal needs (the creator cannot switch them off). */
  switchable: z.boolean(),
});
export type TRegistrationField = z.infer<typeof ZRegistrationField>;

/** Fields per language code, as stored in the portal's registration settings. */
export const ZRegistrationFieldsByLang = z.record(z.string(), z.array(ZRegistrationField));
export type TRegistrationFieldsByLang = z.infer<typeof ZRegistrationFieldsByLang>;

/** Bounds a generic field without maxLength: keeps bodies small and the author's regexp cheap. */
export const GENERIC_TEXT_MAX = 1000;

/** The fields every portal has: seed 3 fixes which are required, active and switchable. */
export function defaultRegistrationFields(): TRegistrationField[] {
  const fixed = { active: true, switchable: false } as const;
  const optional = { active: false, switchable: true } as const;
  return [
    { id: "firstName", type: "text", name: "firstName", validation: { required: true, minLength: NAME_MIN, maxLength: NAME_MAX }, ...fixed },
    { id: "lastName", type: "text", name: "lastName", validation: { required: true, minLength: NAME_MIN, maxLength: NAME_MAX }, ...fixed },
    { id: "email", type: "email", name: "email", validation: { required: true, email: true }, ...fixed },
    { id: "password", type: "password", name: "password", validation: { required: true, minLength: PASSWORD_MIN }, ...fixed },
    { id: "phone", type: "phone", name: "phone", validation: {}, ...optional },
    { id: "age", type: "number", name: "age", validation: { regexp: "^\\d{1,3}$" }, ...optional },
    { id: "additional", type: "textarea", name: "additional", validation: { maxLength: 500 }, ...optional },
  ];
}

/** The default fields for each of the portal's languages (independent copies, safe to edit). */
export function defaultRegistrationFieldsByLang(langs: readonly string[]): TRegistrationFieldsByLang {
  return Object.fromEntries(langs.map((lang) => [lang, defaultRegistrationFields()]));
}

/** Fields for `lang`, else the primary language's, else the defaults. */
export function registrationFieldsFor(byLang: TRegistrationFieldsByLang | undefined, lang: string, primaryLang: string): TRegistrationField[] {
  return byLang?.[lang] ?? byLang?.[primaryLang] ?? defaultRegistrationFields();
}

/**
 * Compiles the creator's pattern with the `u` flag (seed 5). A pattern that does not compile is
 * treated as no pattern: one bad setting must not break sign-up for every visitor.
 */
export function compileFieldRegexp(source: string | undefined): RegExp | null {
  if (!source) return null;
  try {
    return new RegExp(source, "u");
  } catch {
    return null;
  }
}

/**
 * Seed 5 "generic text field": required (message carries the field name), email, minLength and
 * maxLength (messages carry the bound), regexp. Values are trimmed; an optional field left blank
 * becomes undefined.
 */
export function buildFieldSchema(field: TRegistrationField): z.ZodType<string | undefined> {
  const rules = field.validation ?? {};
  const regexp = compileFieldRegexp(rules.regexp);
  let schema = text(MSG.required).trim();
  if (rules.email) schema = schema.toLowerCase();
  schema = schema.refine(notBlank, { error: MSG.required, params: { field: field.name }, abort: true });
  if (rules.minLength) schema = schema.refine(...minChars(rules.minLength));
  schema = schema.refine(...maxChars(rules.maxLength ?? (rules.email ? EMAIL_MAX : GENERIC_TEXT_MAX)));
  if (rules.email) schema = schema.regex(EMAIL_PATTERN, { error: MSG.email, abort: true });
  if (regexp) schema = schema.refine((v) => regexp.test(v), { error: MSG.regexp });
  if (!rules.required) return optionalField(schema);
  // A missing key gets the same "required" issue (with the field name) as an empty input.
  return z.preprocess((v) => (v === undefined || v === null ? "" : v), schema);
}

/**
 * The fixed fields keep the seed's own rules (ZEmail, ZPassword, ZPersonName, ZPhone) whatever the
 * stored validation says; email, password and firstName are always required (seed 5 sign-up).
 * lastName and phone follow their `required` flag. Other fields use the generic rules.
 */
function schemaForField(field: TRegistrationField): z.ZodType<string | undefined> {
  const required = field.validation?.required === true;
  switch (field.id) {
    case "email":
      return ZEmail;
    case "password":
      return ZPassword;
    case "firstName":
      return ZPersonName;
    case "lastName":
      return required ? ZPersonName : optionalField(ZPersonName);
    case "phone":
      return required ? ZPhone : ZPhoneOptional;
    default:
      return buildFieldSchema(field);
  }
}

/** The object schema for one language's active fields, keyed by field id (first one wins). */
export function buildRegistrationSchema(fields: readonly TRegistrationField[]): z.ZodObject<Record<string, z.ZodType<string | undefined>>> {
  const shape: Record<string, z.ZodType<string | undefined>> = {};
  for (const field of fields) {
    if (!field.active || field.id in shape) continue;
    shape[field.id] = schemaForField(field);
  }
  return z.object(shape, { error: MSG.required });
}

/** The sign-up form: the active fields plus the agreement registering requires (seed 001 §5). */
export function buildSignUpSchema(fields: readonly TRegistrationField[]) {
  return buildRegistrationSchema(fields).extend({ agree: z.literal(true, { error: MSG.termsNotAccepted }) });
}

/** The active fields of a language in display order, one per id. */
export function activeRegistrationFields(fields: readonly TRegistrationField[]): TRegistrationField[] {
  const seen = new Set<string>();
  return fields.filter((f) => f.active && !seen.has(f.id) && (seen.add(f.id), true));
}
