import { useTranslation } from "../../i18n/use-translation";
import type { TFormField } from "../../../domain/forms";
import { Checkbox } from "../../components/ui/checkbox";
import { SelectField } from "../../components/ui/select-field";
import { TextArea } from "../../components/ui/text-area";
import { TextField } from "../../components/ui/text-field";
import { RemoteSearchField } from "./remote-search-field";

export interface FormFieldProps {
  formId: string;
  field: TFormField;
  value: string | boolean;
  error?: string;
  onChange(value: string | boolean, now?: boolean): void;
  onBlur(): void;
}

/** The field's data attributes, as data-* props of its input. */
function dataAttributes(field: TFormField): Record<string, string> {
  return Object.fromEntries(Object.entries(field.dataAttributes).map(([k, v]) => [`data-${k}`, v]));
}

/** One field of a dynamic form, drawn by its component (seed 001 §3). */
export function FormField({ formId, field, value, error, onChange, onBlur }: FormFieldProps) {
  const { t } = useTranslation("forms");
  const attributes = dataAttributes(field);
  const required = field.validation.required === true;
  const text = typeof value === "string" ? value : "";
  switch (field.component) {
    case "text":
    case "email":
    case "phone": {
      const kind = field.component;
      return (
        <TextField
          name={field.name}
          label={field.label}
          hint={field.props.hint}
          placeholder={field.props.placeholder}
          required={required}
          type={kind === "email" ? "email" : kind === "phone" ? "tel" : "text"}
          // Addresses and numbers read left to right in Arabic too.
          dir={kind === "text" ? undefined : "ltr"}
          autoComplete={field.props.autocomplete}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          error={error}
          reserveErrorSpace
          {...attributes}
        />
      );
    }
    case "textarea":
      return (
        <TextArea
          name={field.name}
          label={field.label}
          hint={field.props.hint}
          placeholder={field.props.placeholder}
          required={required}
          rows={field.props.rows}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          error={error}
          {...attributes}
        />
      );
    case "select":
      return (
        <SelectField
          name={field.name}
          label={field.label}
          hint={field.props.hint}
          placeholder={field.props.placeholder ?? t("select.placeholder")}
          options={field.props.options ?? []}
          required={required}
          value={text}
          onChange={(e) => onChange(e.target.value, true)}
          onBlur={onBlur}
          error={error}
          {...attributes}
        />
      );
    case "checkbox":
      return (
        <div className="flex flex-col gap-1">
          <Checkbox
            name={field.name}
            label={field.label}
            description={field.props.hint}
            required={required}
            checked={value === true}
            onChange={(e) => onChange(e.target.checked, true)}
            {...attributes}
          />
          {error ? (
            <p className="text-sm font-medium text-danger" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      );
    case "remote-search":
      return (
        <RemoteSearchField
          formId={formId}
          field={field}
          value={text}
          onChange={(v) => onChange(v, true)}
          onBlur={onBlur}
          error={error}
          attributes={attributes}
        />
      );
  }
}
