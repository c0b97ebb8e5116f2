import { useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { FORM_OPTIONS_MISSING, type TForm, type TRecordCreated } from "../../../domain/forms";
import { buildFormSchema, initialAnswers } from "../../../domain/validation/dynamic-form";
import { MSG } from "../../../domain/validation/messages";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Spinner } from "../../components/ui/spinner";
import { useLang } from "../../root-data";
import { AgreeLabel } from "../policy/policy-link";
import type { ApiError } from "../../lib/api";
import { createRecord } from "./api";
import { FormField } from "./form-field";
import { issueText, useFormMessage } from "./messages";
import { useDynamicForm } from "./use-dynamic-form";
import { useFormDefinition } from "./use-form-definition";

export interface DynamicFormProps {
  /** Missing when the block or scenario was given no form: seed 001 §8 'Form options was not passed'. */
  formId?: string;
  /** h2 on a page, h3 inside a popup whose title is the h2. */
  headingLevel?: 2 | 3;
  onDone(record: TRecordCreated): void;
}

/** A dynamic form by id: loading, the seed's two failure texts, or the form itself. */
export function DynamicForm({ formId, headingLevel = 2, onDone }: DynamicFormProps) {
  if (!formId) return <OptionsMissing />;
  return <FormLoader formId={formId} headingLevel={headingLevel} onDone={onDone} />;
}

function OptionsMissing() {
  const { t } = useTranslation("forms");
  useEffect(() => console.error(FORM_OPTIONS_MISSING), []);
  return (
    <div data-testid="form-options-missing">
      <Alert tone="danger" title={t("optionsMissing")} />
    </div>
  );
}

function FormLoader({ formId, headingLevel, onDone }: Required<Pick<DynamicFormProps, "formId" | "headingLevel">> & Pick<DynamicFormProps, "onDone">) {
  const { t } = useTranslation("forms");
  const message = useFormMessage();
  const lang = useLang();
  const state = useFormDefinition(formId, lang);
  if (state.status === "loading") {
    return (
      <div className="flex justify-center py-8">
        <Spinner label={t("loading")} />
      </div>
    );
  }
  if (state.status === "error") {
    // Seed 001 §8: 'Error while fetching form:' plus the message, in place of the form.
    return (
      <div data-testid="form-fetch-error">
        <Alert tone="danger" title={t("fetchError", { message: message(state.error.key) })} />
      </div>
    );
  }
  return <FormView key={`${state.form.id}:${state.form.lang}`} form={state.form} headingLevel={headingLevel} onDone={onDone} />;
}

function FormView({ form, headingLevel, onDone }: { form: TForm; headingLevel: 2 | 3; onDone(record: TRecordCreated): void }) {
  const { t } = useTranslation("forms");
  const message = useFormMessage();
  const titleId = useId();
  const schema = useMemo(() => buildFormSchema(form.fields), [form]);
  const initial = useMemo(() => initialAnswers(form.fields), [form]);
  const state = useDynamicForm(schema, initial);
  const [agreed, setAgreed] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [sending, setSending] = useState(false);
  const Heading = headingLevel === 2 ? "h2" : "h3";

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    // Seed 001 §5: nothing is sent before the policy box is ticked (the button is disabled too).
    if (!agreed || sending) return;
    setFailure(null);
    const checked = state.submit();
    setInvalid(!checked.success);
    if (!checked.success) return;
    setSending(true);
    const res = await createRecord(form, checked.data);
    setSending(false);
    if (res.ok) return onDone(res.data);
    const list = res.error.validationErrors ?? [];
    if (list.length) {
      state.setServerErrors(list.map((v) => ({ path: v.path.replace(/^values\.?/, ""), key: v.message, ...(v.params ? { params: v.params } : {}) })));
      setInvalid(true);
    } else setFailure(res.error);
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="dynamic-form" data-form-id={form.id}>
      <div className="mb-2">
        <Heading id={titleId} className="font-title text-2xl font-bold text-ink">
          {form.title}
        </Heading>
        {form.subtitle ? <p className="mt-1 text-muted">{form.subtitle}</p> : null}
      </div>
      {form.fields.map((field) => (
        <FormField
          key={field.id}
          formId={form.id}
          field={field}
          value={state.values[field.name] ?? ""}
          error={issueText(state.errors[field.name], message)}
          onChange={(v, now) => state.change(field.name, v, now)}
          onBlur={() => state.blur(field.name)}
        />
      ))}
      <div data-testid="form-agree">
        <Checkbox label={<AgreeLabel />} checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
      </div>
      {invalid ? <Alert tone="danger" title={message(MSG.authError)} /> : null}
      {failure ? <Alert tone="danger" title={message(failure.key)} /> : null}
      <Button type="submit" disabled={!agreed || sending} className="mt-2 self-start" data-testid="form-submit">
        {sending ? t("submitting") : form.buttonText}
      </Button>
    </form>
  );
}

/** What the visitor sees after sending. */
export function FormSent({ onAgain, onClose }: { onAgain?: () => void; onClose?: () => void }) {
  const { t } = useTranslation("forms");
  return (
    <div className="flex flex-col items-start gap-4" data-testid="form-sent">
      <Alert tone="success" title={t("success.title")}>
        {t("success.text")}
      </Alert>
      {onAgain ? (
        <Button variant="outline" onClick={onAgain}>
          {t("success.again")}
        </Button>
      ) : null}
      {onClose ? <Button onClick={onClose}>{t("success.close")}</Button> : null}
    </div>
  );
}
