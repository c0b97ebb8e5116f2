import { forwardRef, useId } from "react";
import { cn } from "./cn";
import { Icon } from "./icon";

export interface SelectFieldProps extends React.SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: Array<{ value: string; label: string }>;
  /** The empty first choice ("Choose…"); selecting it means no answer. */
  placeholder: string;
  hint?: string;
  error?: string;
}

/** A native select: keyboard, screen readers and mobile pickers work without extra code. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, options, placeholder, hint, error, className, id, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
        {rest.required ? <span aria-hidden="true" className="text-danger"> *</span> : null}
      </label>
      <div className="relative">
        <select
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            "h-11 w-full appearance-none rounded-xl border bg-surface ps-4 pe-10 text-ink focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30",
            error ? "border-danger" : "border-line",
          )}
          {...rest}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <Icon name="chevron-down" className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
      </div>
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
