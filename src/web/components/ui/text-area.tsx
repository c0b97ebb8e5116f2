import { forwardRef, useId } from "react";
import { cn } from "./cn";

export interface TextAreaProps extends React.TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: string;
  /** Translated error text; marks the field invalid and is announced with it. */
  error?: string;
}

/** Multi-line text input with the same label, hint and error layout as TextField. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea({ label, hint, error, className, id, rows = 4, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
        {rest.required ? <span aria-hidden="true" className="text-danger"> *</span> : null}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          "rounded-xl border bg-surface px-4 py-2.5 text-ink placeholder:text-muted focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30",
          error ? "border-danger" : "border-line",
        )}
        {...rest}
      />
      {hint ? (
        <p id={`${inputId}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="min-h-5 text-sm font-medium text-danger" role="alert">
          {error}
        </p>
      ) : (
        <div className="min-h-5" aria-hidden="true" />
      )}
    </div>
  );
});
