import { useTranslation } from "../../i18n/use-translation";
import { MSG, type ValidationIssue } from "../../../domain/validation/messages";

/**
 * Texts of validation and API keys in a dynamic form. Keys with a namespace ("forms:…",
 * "errors:…") are looked up as they are; the shared validation keys live in the auth pack.
 */
export function useFormMessage() {
  const { t } = useTranslation("forms");
  return (key: string, params?: Record<string, unknown>) => t(key.includes(":") ? key : `auth:${key}`, params ?? {});
}

/** Seed 001 §5 generic field: the required message is prefixed by the field's name. */
export function issueText(issue: ValidationIssue | undefined, message: ReturnType<typeof useFormMessage>): string | undefined {
  if (!issue) return undefined;
  const text = message(issue.key, issue.params);
  const field = issue.params?.field;
  return issue.key === MSG.required && typeof field === "string" && field ? `${field}: ${text}` : text;
}
