import { navigationIcon } from "../../../domain/navigation-icons";
import { Icon } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import { optionLabel } from "./field-label";
import type { CustomEditorProps } from "./form-context";

/**
 * The navigation item's icon (decision 0055): a group of radio buttons, one per icon of the header's
 * set, each showing the icon itself, plus "no icon". Native radios: arrow keys move and choose, as a
 * screen reader expects of a radio group. The options are the schema's (ZNavigationIcon), so the
 * picker offers exactly what the server accepts.
 */
export function IconPicker({ model, id, label, value, error, onChange }: CustomEditorProps) {
  const { t } = useTranslation("studio");
  const options = model.kind === "select" ? model.options.flatMap((o) => navigationIcon(o) ?? []) : [];
  const tile =
    "flex cursor-pointer items-center gap-2 rounded-xl border border-line px-3 py-2 text-sm text-ink has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:ring-2 has-focus-visible:ring-primary";
  return (
    <fieldset id={id} className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined} data-testid="icon-picker">
      <legend className="mb-1 font-medium text-ink">{label}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <label className={tile}>
          <input type="radio" name={id} className="size-4 accent-primary" checked={value === undefined} onChange={() => onChange(undefined)} />
          <span>{t("navigation.noIcon")}</span>
        </label>
        {options.map((name) => (
          <label key={name} className={tile}>
            <input type="radio" name={id} value={name} className="size-4 accent-primary" checked={value === name} onChange={() => onChange(name)} />
            <Icon name={name} className="size-5 shrink-0" />
            <span>{optionLabel(t, name)}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
