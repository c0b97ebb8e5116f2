import { useId } from "react";
import { cn } from "./cn";

/** What every labelled form control takes besides its own attributes. */
export interface FieldProps {
  label: string;
  hint?: string;
  /** Translated error text; marks the field invalid and is announced with it. */
  error?: string;
}

/** The control's id (given or generated) and the ids of its hint and error for aria-describedby. */
export function useFieldIds(id: string | undefined, { hint, error }: Pick<FieldProps, "hint" | "error">) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(" ") || undefined;
  return { inputId, describedBy };
}

/** The border and focus ring shared by inputs, text areas and selects. */
export function controlClass(error: string | undefined, layout: string) {
  return cn(
    "rounded-xl border bg-surface text-ink placeholder:text-muted focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30",
    layout,
    error ? "border-danger" : "border-line",
  );
}

/**
 * Label (with the required asterisk), the control, its hint and its error line. With
 * reserveErrorSpace the error line keeps its space: a message vanishing on blur must not move the
 * control the pointer is about to click (e.g. the terms checkbox below).
 */
export function FieldFrame({
  inputId,
  label,
  hint,
  error,
  required,
  reserveErrorSpace,
  className,
  children,
}: FieldProps & { inputId: string; required?: boolean; reserveErrorSpace: boolean; className?: string; children: React.ReactNode }) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-danger">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${inputId}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="min-h-5 text-sm font-medium text-danger" role="alert">
          {error}
        </p>
      ) : reserveErrorSpace ? (
        <div className="min-h-5" aria-hidden="true" />
      ) : null}
    </div>
  );
}
