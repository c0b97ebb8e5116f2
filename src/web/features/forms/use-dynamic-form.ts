import { useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import type { FormAnswers } from "../../../domain/validation/dynamic-form";
import { firstIssueByPath, issuesOf, type ValidationIssue } from "../../../domain/validation/messages";
import { VALIDATION_DEBOUNCE_MS } from "../scenario/use-zod-form";

type Value = string | boolean;

/**
 * Form state for a dynamic form: the scenario forms' rules (seed 001 §5: 500 ms debounce on input,
 * at once on blur) over answers that may be text or a check box, with values set by code as well
 * (a remote-search pick).
 */
export function useDynamicForm(schema: z.ZodType<FormAnswers>, initial: Record<string, Value>) {
  const [values, setValues] = useState(initial);
  const latest = useRef(initial);
  const [errors, setErrors] = useState<Record<string, ValidationIssue>>({});
  const touched = useRef<Record<string, boolean>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const validate = useCallback(
    (only: "touched" | "all") => {
      const result = schema.safeParse(latest.current);
      const all = result.success ? {} : firstIssueByPath(issuesOf(result.error));
      setErrors(only === "all" ? all : Object.fromEntries(Object.entries(all).filter(([k]) => touched.current[k])));
      return result;
    },
    [schema],
  );

  /** A new value; `now` validates at once (check boxes, picks) instead of after the debounce. */
  const change = (name: string, value: Value, now = false) => {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
    touched.current[name] = true;
    clearTimeout(timer.current);
    if (now) validate("touched");
    else timer.current = setTimeout(() => validate("touched"), VALIDATION_DEBOUNCE_MS);
  };

  const blur = (name: string) => {
    touched.current[name] = true;
    clearTimeout(timer.current);
    validate("touched");
  };

  /** Validates every field before saving (seed 001 §5) and shows every error. */
  const submit = () => {
    clearTimeout(timer.current);
    for (const k of Object.keys(latest.current)) touched.current[k] = true;
    return validate("all");
  };

  /** Issues the server reported (paths relative to the answers). */
  const setServerErrors = (list: ValidationIssue[]) => {
    setErrors((prev) => ({ ...prev, ...Object.fromEntries(list.filter((e) => e.path).map((e) => [e.path, e])) }));
  };

  return { values, errors, change, blur, submit, setServerErrors };
}
