import { forwardRef } from "react";
import { controlClass, FieldFrame, type FieldProps, useFieldIds } from "./field-frame";
import { Icon } from "./icon";

export interface SelectFieldProps extends React.SelectHTMLAttributes<HTMLSelectElement>, FieldProps {
  options: Array<{ value: string; label: string }>;
  /** The empty first choice ("Choose…"); selecting it means no answer. */
  placeholder: string;
}

/** A native select: keyboard, screen readers and mobile pickers work without extra code. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, options, placeholder, hint, error, className, id, ...rest },
  ref,
) {
  const { inputId, describedBy } = useFieldIds(id, { hint, error });
  return (
    <FieldFrame inputId={inputId} label={label} hint={hint} error={error} required={rest.required} reserveErrorSpace className={className}>
      <div className="relative">
        <select
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={controlClass(error, "h-11 w-full appearance-none ps-4 pe-10")}
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
    </FieldFrame>
  );
});
