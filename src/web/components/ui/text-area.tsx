import { forwardRef } from "react";
import { controlClass, FieldFrame, type FieldProps, useFieldIds } from "./field-frame";

export interface TextAreaProps extends React.TextareaHTMLAttributes<HTMLTextAreaElement>, FieldProps {}

/** Multi-line text input with the same label, hint and error layout as TextField. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea({ label, hint, error, className, id, rows = 4, ...rest }, ref) {
  const { inputId, describedBy } = useFieldIds(id, { hint, error });
  return (
    <FieldFrame inputId={inputId} label={label} hint={hint} error={error} required={rest.required} reserveErrorSpace className={className}>
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={controlClass(error, "px-4 py-2.5")}
        {...rest}
      />
    </FieldFrame>
  );
});
