import { useCallback, useId, useMemo } from "react";
import type { z } from "zod";
import { Alert } from "../../components/ui/alert";
import type { TFunction } from "../../i18n/translator";
import { useTranslation } from "../../i18n/use-translation";
import type { CustomEditors, FormContext } from "./form-context";
import { FieldEditor } from "./field-editor";
import { formModel } from "./form-model";
import { issuesByField, type PathIssue, setAt, type ValuePath } from "./form-value";

export interface BlockPropsFormProps {
  /** A block's props schema from src/domain/blocks (or page.ts): the form is generated from it and validates with it. */
  schema: z.ZodType;
  value: unknown;
  /** The portal's languages: every localized text gets a column for each. */
  languages: readonly string[];
  onChange: (next: unknown) => void;
  /** Issues the server answered for the last save, drawn at their fields like the schema's own. */
  serverIssues?: readonly PathIssue[];
  /** Editors that replace the generated one for some fields (by name and kind), e.g. a rich-text editor. */
  customEditors?: CustomEditors;
  /** A heading of its own (the designer's columns name their language); "Block properties" by default. */
  label?: string;
  /** Labels from another pack first (the back office's settings); the studio pack's otherwise. */
  translate?: TFunction;
  /** The form's help texts: studio:help.<helpScope>.<field> under each top-level field. */
  helpScope?: string;
}

/**
 * The properties of one block, edited through a form generated from its schema (issue 15): one
 * generator for every block. Each change is validated with the same schema the server checks, and
 * every issue is shown at its field.
 */
export function BlockPropsForm({ schema, value, languages, onChange, serverIssues, customEditors, label, translate, helpScope }: BlockPropsFormProps) {
  const { t, i18n } = useTranslation("studio");
  const idPrefix = useId();
  const model = useMemo(() => formModel(schema), [schema]);
  const issues = useMemo(() => issuesByField(schema, model, value, serverIssues), [schema, model, value, serverIssues]);
  const set = useCallback((path: ValuePath, next: unknown) => onChange(setAt(value, path, next)), [onChange, value]);
  const ctx: FormContext = { t: translate ?? t, uiLang: i18n.language, languages, issues, idPrefix, set, customEditors, helpScope };
  const rootIssues = issues.get("");
  return (
    <section aria-label={label ?? t("form.title")} className="flex flex-col gap-4">
      {issues.size > 0 ? <Alert tone="warning">{t("form.hasIssues")}</Alert> : null}
      {rootIssues ? <p className="text-sm font-medium text-danger">{rootIssues.map((i) => t(`issues.${i.key}`, i.params)).join(" ")}</p> : null}
      <FieldEditor model={model} path={[]} value={value} label={t("form.title")} ctx={ctx} />
    </section>
  );
}
