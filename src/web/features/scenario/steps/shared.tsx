import { useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import type { ValidationIssue } from "../../../../domain/validation/messages";
import { Alert } from "../../../components/ui/alert";
import { TextField, type TextFieldProps } from "../../../components/ui/text-field";
import type { useZodForm } from "../use-zod-form";
import type { z } from "zod";
import { type ApiError, type ApiMethod, type ApiResult, apiRequest } from "../../../lib/api";
import type { StepProps } from "./step-props";
import { TAKEN_FIELD_KEYS, ZTakenFieldDetails } from "../../../../domain/api-replies";

/** Translates a validation issue or an API error key (keys may carry their namespace). */
export function useMessage() {
  const { t } = useTranslation("auth");
  return (key: string, params?: Record<string, unknown>) => t(key, { ...params, nsSeparator: key.startsWith("errors:") ? ":" : false });
}

export function fieldError(issue: ValidationIssue | undefined, message: ReturnType<typeof useMessage>): string | undefined {
  return issue ? message(issue.key, issue.params) : undefined;
}

/** What a step's text field needs of its form (useZodForm): the field's bindings and its issues. */
type BoundForm = Pick<ReturnType<typeof useZodForm>, "field" | "errors">;

/** A step's text field bound to its form: value and handlers, room for one error, the issue translated. */
export function StepTextField({
  form,
  name,
  ...props
}: { form: BoundForm; name: string } & Omit<TextFieldProps, "form" | "name" | "value" | "onChange" | "onBlur" | "error">) {
  const message = useMessage();
  return <TextField reserveErrorSpace {...props} {...form.field(name)} error={fieldError(form.errors[name], message)} />;
}

/**
 * A duplicate (DUPLICATE-EMAIL, DUPLICATE-EMAIL-OR-PHONE) whose details name a field the form has:
 * the issue to show on that field, with a message naming it (issue 28), instead of a notice that
 * does not say which field. Null for any other error.
 */
export function takenFieldIssue(error: ApiError, fields: readonly string[]): { path: string; message: string } | null {
  const details = ZTakenFieldDetails.safeParse(error.details);
  if (!details.success || !fields.includes(details.data.field)) return null;
  return { path: details.data.field, message: TAKEN_FIELD_KEYS[details.data.field] };
}

/** Seed 001 §8: one error notice per server validation message, else one for the error itself. */
export function ErrorNotices({ error }: { error: ApiError | null }) {
  const message = useMessage();
  if (!error) return null;
  const list = error.validationErrors?.length ? error.validationErrors.map((v) => v.message) : [error.key];
  return (
    <div className="flex flex-col gap-2" data-testid="error-notices">
      {list.map((key, i) => (
        <Alert key={`${key}-${i}`} tone="danger" title={message(key)} />
      ))}
    </div>
  );
}

export function StepIntro({ text }: { text: string }) {
  return <p className="mb-4 text-muted">{text}</p>;
}

/** A step's call to the API: the popup's loading state around it, and its error kept for notices. */
export function useStepRequest(engine: StepProps["engine"]) {
  const [error, setError] = useState<ApiError | null>(null);
  async function send<S extends z.ZodType>(url: string, schema: S, body?: unknown, method: ApiMethod = "POST"): Promise<ApiResult<z.output<S>>> {
    setError(null);
    engine.setLoading(true);
    const res = await apiRequest(method, url, schema, { body });
    engine.setLoading(false);
    if (!res.ok) setError(res.error);
    return res;
  }
  return { error, setError, send };
}
