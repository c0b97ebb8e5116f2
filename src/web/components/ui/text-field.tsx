import { forwardRef } from "react";
import { controlClass, FieldFrame, type FieldProps, useFieldIds } from "./field-frame";

export interface TextFieldProps extends React.InputHTMLAttributes<HTMLInputElement>, FieldProps {
  /** Keep room for one error line so the layout does not jump as errors come and go. */
  reserveErrorSpace?: boolean;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, reserveErrorSpace = false, className, id, ...rest },
  ref,
) {
  const { inputId, describedBy } = useFieldIds(id, { hint, error });
  return (
    <FieldFrame inputId={inputId} label={label} hint={hint} error={error} required={rest.required} reserveErrorSpace={reserveErrorSpace} className={className}>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={controlClass(error, "h-11 px-4")}
        {...rest}
      />
    </FieldFrame>
  );
});
