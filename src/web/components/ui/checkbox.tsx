import { forwardRef, useId } from "react";

export interface CheckboxProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, "type"> {
  label: React.ReactNode;
  description?: string;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, description, id, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className="flex items-start gap-3">
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className="mt-1 size-4 shrink-0 accent-primary"
        aria-describedby={description ? `${inputId}-d` : undefined}
        {...rest}
      />
      <label htmlFor={inputId} className="cursor-pointer">
        <span className="block font-medium text-ink">{label}</span>
        {description ? (
          <span id={`${inputId}-d`} className="block text-sm text-muted">
            {description}
          </span>
        ) : null}
      </label>
    </div>
  );
});
