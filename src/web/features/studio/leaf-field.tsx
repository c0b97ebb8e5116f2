import { Checkbox } from "../../components/ui/checkbox";
import { SelectField } from "../../components/ui/select-field";
import { TextArea } from "../../components/ui/text-area";
import { TextField } from "../../components/ui/text-field";
import { MediaUrlField } from "../media/media-url-field";
import { DateTimeField } from "./date-time-field";
import { type FormContext, fieldId, issueText } from "./form-context";
import type { FieldModel } from "./form-model";
import { pathKey, type ValuePath } from "./form-value";
import { optionLabel } from "./field-label";

type Leaf = Extract<FieldModel, { kind: "text" | "longText" | "url" | "media" | "date" | "dateTime" | "number" | "boolean" | "select" }>;

interface LeafProps {
  model: Leaf;
  path: ValuePath;
  value: unknown;
  label: string;
  ctx: FormContext;
}

/** One input for a text, an address, a file of the media library, a date, a number, a yes/no or a choice. */
export function LeafField({ model, path, value, label, ctx }: LeafProps) {
  const id = fieldId(ctx, path);
  const error = issueText(ctx, pathKey(path));
  const required = !model.optional;
  // An optional field left empty is left out of the props, as the schema expects; a required one stays "" and is reported.
  const setText = (text: string) => ctx.set(path, text === "" && model.optional ? undefined : text);
  const text = typeof value === "string" ? value : "";
  const field = { id, label, error, required };
  const textInput = { ...field, value: text, onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setText(e.target.value) };
  switch (model.kind) {
    case "longText":
      return <TextArea {...textInput} maxLength={model.maxLength} />;
    case "text":
    case "date":
      return <TextField {...textInput} type={model.kind === "date" ? "date" : "text"} maxLength={model.kind === "text" ? model.maxLength : undefined} />;
    case "url":
      // Addresses read left to right in every language; type=url would refuse the site paths ZSafeUrl allows.
      return <TextField {...textInput} inputMode="url" dir="ltr" />;
    case "dateTime":
      return <DateTimeField id={id} label={label} error={error} required={required} value={text} onChange={setText} t={ctx.t} uiLang={ctx.uiLang} />;
    case "media":
      return <MediaUrlField id={id} label={label} error={error} required={required} kind={model.media} value={text} onChange={setText} />;
    case "number":
      return (
        <TextField
          {...field}
          type="number"
          min={model.min}
          max={model.max}
          step={model.integer ? 1 : "any"}
          value={typeof value === "number" && Number.isFinite(value) ? String(value) : ""}
          onChange={(e) => ctx.set(path, e.target.value === "" ? undefined : Number(e.target.value))}
        />
      );
    case "boolean":
      return (
        <div>
          <Checkbox id={id} label={label} checked={value === true} onChange={(e) => ctx.set(path, e.target.checked)} aria-invalid={error ? true : undefined} />
          {error ? <p className="text-sm font-medium text-danger">{error}</p> : null}
        </div>
      );
    case "select":
      return (
        <SelectField
          {...field}
          placeholder={ctx.t("choose")}
          options={model.options.map((o) => ({ value: o, label: optionLabel(ctx.t, o) }))}
          value={typeof value === "string" ? value : ""}
          onChange={(e) => ctx.set(path, e.target.value === "" ? undefined : e.target.value)}
        />
      );
  }
}
