import { forwardRef, useId } from "react";
import { cn } from "./cn";

export interface TextFieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  /** Translated error text; marks the field invalid and is announced with it. */
  error?: string;
  /** Keep room for one error line so the layout does not jump as errors come and go. */
  reserveErrorSpace?: boolean;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, hint, error, reserveErrorSpace = false, className, id, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
        {rest.required ? <span aria-hidden="true" className="text-danger"> *</span> : null}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          "h-11 rounded-xl border bg-surface px-4 text-ink placeholder:text-muted focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30",
          error ? "border-danger" : "border-line",
        )}
        {...rest}
      />
      {hint ? (
        <p id={`${inputId}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {/* The error line keeps its space: a message vanishing on blur must not move the control
          the pointer is about to click (e.g. the terms checkbox below). */}
      {error ? (
        <p id={`${inputId}-error`} className="min-h-5 text-sm font-medium text-danger" role="alert">
          {error}
        </p>
      ) : reserveErrorSpace ? (
        <div className="min-h-5" aria-hidden="true" />
      ) : null}
    </div>
  );
});
