import { z } from "zod";
import { ZLocalized, type TLocalized } from "./portal";
import { localized } from "./localized";
import { ZFieldValidation } from "./validation/registration-fields";

/**
 * Dynamic forms and data sources (seed 001 §3, §5, §7). A form lists fields; each answer is stored
 * under the field's `name` in a record of the form's data source. The data source's hidden fields
 * (missionaryId, userId) are filled by the server, never by the visitor.
 */

export const FORM_COMPONENTS = ["text", "email", "phone", "textarea", "select", "checkbox", "remote-search"] as const;
export type FormComponent = (typeof FORM_COMPONENTS)[number];

export const DATA_FIELD_TYPES = ["string", "boolean", "hidden"] as const;
export const HIDDEN_FIELDS = ["missionaryId", "userId"] as const;
export type HiddenField = (typeof HIDDEN_FIELDS)[number];

/** Seed 001 §5 and §9: remote search starts at 3 characters, 1 s after the last keystroke. */
export const REMOTE_SEARCH_MIN_CHARS = 3;
export const REMOTE_SEARCH_DELAY_MS = 1_000;
export const REMOTE_SEARCH_MAX_CHARS = 100;
export const REMOTE_SEARCH_LIMIT = 20;

/** Seed 001 §8, shown as written (with translations in the forms pack). */
export const FORM_OPTIONS_MISSING = "Form options was not passed";
export const FORM_FETCH_ERROR = "Error while fetching form:";

/** Message keys of the rules that only dynamic forms have (the rest are the shared MSG keys). */
export const FORM_MSG = {
  option: "forms:validation.option",
  unknownField: "forms:validation.unknownField",
  invalid: "forms:validation.invalid",
} as const;

const ID = /^[A-Za-z][\w-]{0,63}$/;
export const ZFieldName = z.string().regex(ID);

export const ZDataSourceField = z.object({ id: ZFieldName, type: z.enum(DATA_FIELD_TYPES) });
export type TDataSourceField = z.infer<typeof ZDataSourceField>;

export const ZDataSource = z.object({
  id: z.string(),
  /** The records collection's name in the API: /api/data/{plural}. */
  plural: z.string().regex(/^[a-z][a-z0-9-]{1,63}$/),
  fields: z.array(ZDataSourceField),
});
export type TDataSource = z.infer<typeof ZDataSource>;

/** Where a remote-search field looks: the label field of another data source's records. */
export const ZRemoteSearch = z.object({ dataSourceId: z.string().min(1), labelField: ZFieldName });

/** A field as the form creator stores it: texts per language. */
export const ZStoredFormField = z.object({
  id: ZFieldName,
  name: ZFieldName,
  type: z.enum(["string", "boolean"]),
  component: z.enum(FORM_COMPONENTS),
  props: z.object({
    label: ZLocalized,
    placeholder: ZLocalized.optional(),
    hint: ZLocalized.optional(),
    rows: z.number().int().min(2).max(20).optional(),
    autocomplete: z.string().max(40).optional(),
    options: z.array(z.object({ value: z.string().min(1).max(200), label: ZLocalized })).optional(),
    search: ZRemoteSearch.optional(),
  }),
  defaultValue: z.union([z.string().max(1000), z.boolean()]).optional(),
  validation: ZFieldValidation.default({}),
  /** Rendered as data-* attributes on the input (analytics hooks, test ids). */
  dataAttributes: z.record(z.string().regex(/^[a-z][a-z0-9-]{0,39}$/), z.string().max(200)).default({}),
});
export type TStoredFormField = z.infer<typeof ZStoredFormField>;

/** A field in one language, as the browser receives it. */
export const ZFormField = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(["string", "boolean"]),
  component: z.enum(FORM_COMPONENTS),
  /** The field's name as the visitor reads it; the required message is prefixed with it (seed 001 §5). */
  label: z.string(),
  props: z.object({
    placeholder: z.string().optional(),
    hint: z.string().optional(),
    rows: z.number().int().optional(),
    autocomplete: z.string().optional(),
    options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  }),
  defaultValue: z.union([z.string(), z.boolean()]).optional(),
  validation: ZFieldValidation,
  dataAttributes: z.record(z.string(), z.string()),
});
export type TFormField = z.infer<typeof ZFormField>;

export const ZForm = z.object({
  id: z.string(),
  lang: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  buttonText: z.string(),
  dataSource: ZDataSource,
  fields: z.array(ZFormField),
});
export type TForm = z.infer<typeof ZForm>;

export const ZSearchOption = z.object({ value: z.string(), label: z.string() });
export type TSearchOption = z.infer<typeof ZSearchOption>;

export const ZRecordCreated = z.object({
  id: z.string(),
  dataSourceId: z.string(),
  formId: z.string(),
  createdAt: z.string(),
  /** The stored answers and the hidden fields the server set. */
  values: z.record(z.string(), z.union([z.string(), z.boolean(), z.null()])),
});
export type TRecordCreated = z.infer<typeof ZRecordCreated>;

function text(value: TLocalized | undefined, lang: string, primaryLang: string): string | undefined {
  if (!value) return undefined;
  return localized(value, lang, primaryLang) || undefined;
}

/** A stored field in one language (falling back to the primary language, then any text). */
export function localizeField(field: TStoredFormField, lang: string, primaryLang: string): TFormField {
  const p = field.props;
  return {
    id: field.id,
    name: field.name,
    type: field.type,
    component: field.component,
    label: text(p.label, lang, primaryLang) ?? field.name,
    props: {
      ...(p.placeholder ? { placeholder: text(p.placeholder, lang, primaryLang) } : {}),
      ...(p.hint ? { hint: text(p.hint, lang, primaryLang) } : {}),
      ...(p.rows ? { rows: p.rows } : {}),
      ...(p.autocomplete ? { autocomplete: p.autocomplete } : {}),
      ...(p.options ? { options: p.options.map((o) => ({ value: o.value, label: text(o.label, lang, primaryLang) ?? o.value })) } : {}),
    },
    ...(field.defaultValue !== undefined ? { defaultValue: field.defaultValue } : {}),
    validation: field.validation ?? {},
    dataAttributes: field.dataAttributes ?? {},
  };
}

export function isHiddenField(name: string): name is HiddenField {
  return (HIDDEN_FIELDS as readonly string[]).includes(name);
}
