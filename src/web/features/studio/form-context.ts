import type { TFunction } from "../../i18n/translator";
import type { FieldModel } from "./form-model";
import type { FieldIssue, ValuePath } from "./form-value";

/** What a custom field editor gets: the field's model, where it is, its value, its label, id and issue. */
export interface CustomEditorProps {
  model: FieldModel;
  path: ValuePath;
  value: unknown;
  label: string;
  id: string;
  error?: string;
  onChange: (next: unknown) => void;
}

/**
 * A custom editor for some fields (the rich text of a text block): chosen by the field's name and
 * kind, so the generator stays generic. Returns null for a field it does not take.
 */
export type CustomEditors = (model: FieldModel) => React.ComponentType<CustomEditorProps> | null;

/** What every field editor of one form shares: how to write a field, the portal's languages and the issues by path. */
export interface FormContext {
  t: TFunction;
  /** The creator's interface language (labels, language names). */
  uiLang: string;
  /** The portal's languages: a localized text gets a column for each. */
  languages: readonly string[];
  issues: ReadonlyMap<string, readonly FieldIssue[]>;
  /** Unique per form: field ids are made of it and the field's path. */
  idPrefix: string;
  set: (path: ValuePath, next: unknown) => void;
  /** Editors that replace the generated one for some fields. */
  customEditors?: CustomEditors;
  /** Where the form's help texts are (studio:help.<scope>.<field>): a course's, an element's. */
  helpScope?: string;
}

export const fieldId = (ctx: FormContext, path: ValuePath) => `${ctx.idPrefix}-${path.join("-") || "root"}`;

/** The translated issues of a field, one line. */
export function issueText(ctx: FormContext, key: string): string | undefined {
  const issues = ctx.issues.get(key);
  return issues?.length ? issues.map((i) => ctx.t(`issues.${i.key}`, i.params)).join(" ") : undefined;
}

/** A field's help text, written in the studio pack for the form's scope (studio:help.course.pricing); none without one. */
export function fieldHelp(ctx: FormContext, path: ValuePath): string | undefined {
  if (!ctx.helpScope || path.length !== 1) return undefined;
  return ctx.t(`help.${ctx.helpScope}.${String(path[0])}`, { defaultValue: "" }) || undefined;
}
