import { useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { firstIssueByPath, issuesOf, type ValidationIssue } from "../../../domain/validation/messages";

/** Seed 001 §5: forms validate with a 500 ms debounce on input, and at once on blur and submit. */
export const VALIDATION_DEBOUNCE_MS = 500;

export function useZodForm<S extends z.ZodType<Record<string, unknown>>>(schema: S, initial: Record<string, string | boolean>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, ValidationIssue>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const validate = useCallback(
    (vals: Record<string, string | boolean>, only?: Record<string, boolean>) => {
      const result = schema.safeParse(vals);
      const all = result.success ? {} : firstIssueByPath(issuesOf(result.error));
      setErrors(only ? Object.fromEntries(Object.entries(all).filter(([k]) => only[k])) : all);
      return result;
    },
    [schema],
  );

  const field = (name: string) => ({
    name,
    value: String(values[name] ?? ""),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      const nextTouched = { ...touched, [name]: true };
      setTouched(nextTouched);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => validate(next, nextTouched), VALIDATION_DEBOUNCE_MS);
    },
    onBlur: () => {
      const nextTouched = { ...touched, [name]: true };
      setTouched(nextTouched);
      clearTimeout(timer.current);
      validate(values, nextTouched);
    },
  });

  const checkbox = (name: string) => ({
    name,
    checked: values[name] === true,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: e.target.checked };
      setValues(next);
      if (touched[name] || errors[name]) validate(next, { ...touched, [name]: true });
    },
  });

  /** Validates everything; returns the parsed data or null (and shows every error). */
  const submit = (): z.infer<S> | null => {
    clearTimeout(timer.current);
    const all = Object.fromEntries(Object.keys(values).map((k) => [k, true]));
    setTouched(all);
    const result = validate(values);
    return result.success ? (result.data as z.infer<S>) : null;
  };

  /** True while `onValid` of a submit runs: a second submit meanwhile (double click, Enter and a click) is dropped. */
  const pending = useRef(false);

  /**
   * A form's onSubmit: validates everything and calls `onValid` only with valid data, once at a
   * time (issue 28: a double click sent a sign-up twice).
   */
  const handleSubmit = (onValid: (data: z.infer<S>) => unknown) => (e: React.FormEvent) => {
    e.preventDefault();
    if (pending.current) return;
    const data = submit();
    if (!data) return;
    pending.current = true;
    void Promise.resolve()
      .then(() => onValid(data))
      .finally(() => {
        pending.current = false;
      });
  };

  /** Issues the server reported for fields (validationErrors with a path). */
  const setServerErrors = (list: Array<{ path: string; message: string }>) => {
    setErrors((prev) => ({ ...prev, ...Object.fromEntries(list.filter((e) => e.path).map((e) => [e.path, { path: e.path, key: e.message }])) }));
  };

  return { values, setValues, errors, field, checkbox, submit, handleSubmit, setServerErrors };
}

/** Enter moves focus to the next field of the form; on the last field it submits (seed 001 §5). */
export function enterMovesFocus(e: React.KeyboardEvent<HTMLFormElement>) {
  if (e.key !== "Enter" || !(e.target instanceof HTMLInputElement) || e.target.type === "checkbox") return;
  const inputs = Array.from(e.currentTarget.querySelectorAll<HTMLInputElement>("input:not([type=hidden]):not([disabled])"));
  const i = inputs.indexOf(e.target);
  if (i >= 0 && i < inputs.length - 1) {
    e.preventDefault();
    inputs[i + 1].focus();
  }
}
