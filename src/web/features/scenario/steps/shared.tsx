import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ValidationIssue } from "../../../../domain/validation/messages";
import { Alert } from "../../../components/ui/alert";
import type { z } from "zod";
import { type ApiError, type ApiMethod, type ApiResult, apiRequest } from "../../../lib/api";
import type { StepProps } from "./step-props";

/** Translates a validation issue or an API error key (keys may carry their namespace). */
export function useMessage() {
  const { t } = useTranslation("auth");
  return (key: string, params?: Record<string, unknown>) => t(key, { ...params, nsSeparator: key.startsWith("errors:") ? ":" : false });
}

export function fieldError(issue: ValidationIssue | undefined, message: ReturnType<typeof useMessage>): string | undefined {
  return issue ? message(issue.key, issue.params) : undefined;
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
