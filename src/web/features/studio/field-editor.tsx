import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { SelectField } from "../../components/ui/select-field";
import { type FormContext, fieldHelp, fieldId, issueText } from "./form-context";
import { emptyValue, type FieldModel, type GroupModel } from "./form-model";
import { getAt, moveItem, pathKey, type ValuePath, variantIndex } from "./form-value";
import { fieldLabel, listText, optionLabel, optionalText, variantsLabel } from "./field-label";
import { LeafField } from "./leaf-field";
import { LocalizedField } from "./localized-field";
import { LocalizedMediaField } from "./localized-media-field";

/*
 * The recursive part of the generated form: a group, an array and a choice of variants draw their
 * fields through FieldEditor again, so they live in one file (no import cycle between them).
 */

interface EditorProps<M extends FieldModel = FieldModel> {
  model: M;
  path: ValuePath;
  value: unknown;
  label: string;
  ctx: FormContext;
}

/** The editor of any field of the model. */
export function FieldEditor({ model, path, value, label, ctx }: EditorProps) {
  const Custom = ctx.customEditors?.(model);
  if (Custom) {
    return (
      <Custom
        model={model}
        path={path}
        value={value}
        label={label}
        id={fieldId(ctx, path)}
        error={issueText(ctx, pathKey(path))}
        onChange={(next) => ctx.set(path, next)}
      />
    );
  }
  switch (model.kind) {
    case "hidden":
      return null;
    case "group":
      return <GroupEditor model={model} path={path} value={value} label={label} ctx={ctx} />;
    case "array":
      return <ArrayEditor model={model} path={path} value={value} label={label} ctx={ctx} />;
    case "variants":
      return <VariantsEditor model={model} path={path} value={value} label={label} ctx={ctx} />;
    case "localized":
      return <LocalizedField path={path} value={value} label={label} ctx={ctx} />;
    case "localizedMedia":
      return <LocalizedMediaField path={path} value={value} label={label} kind={model.media} ctx={ctx} />;
    case "unsupported":
      return (
        <Alert tone="warning" title={label}>
          {ctx.t("unsupported", { type: model.zodType })}
        </Alert>
      );
    default:
      return <LeafField model={model} path={path} value={value} label={label} ctx={ctx} />;
  }
}

/** A field's own issues drawn under a fieldset's legend (leaf controls draw theirs themselves). */
function GroupIssues({ ctx, path }: { ctx: FormContext; path: ValuePath }) {
  const error = issueText(ctx, pathKey(path));
  return error ? (
    <p id={`${fieldId(ctx, path)}-error`} className="text-sm font-medium text-danger">
      {error}
    </p>
  ) : null;
}

function Fields({ model, path, value, ctx }: Omit<EditorProps<GroupModel>, "label">) {
  return (
    <div className="flex flex-col gap-4">
      {model.fields.map((f) => {
        const at = [...path, f.name];
        const help = f.kind === "hidden" ? undefined : fieldHelp(ctx, at);
        const editor = <FieldEditor key={f.name} model={f} path={at} value={getAt(value, [f.name])} label={fieldLabel(ctx.t, f.name)} ctx={ctx} />;
        return help ? (
          <div key={f.name} className="flex flex-col gap-1" data-field-help={f.name}>
            {editor}
            <p id={`${fieldId(ctx, at)}-help`} className="text-sm text-muted">
              {help}
            </p>
          </div>
        ) : (
          editor
        );
      })}
    </div>
  );
}

function GroupEditor({ model, path, value, label, ctx }: EditorProps<GroupModel>) {
  // The props themselves: no frame around the whole form.
  if (path.length === 0) return <Fields model={model} path={path} value={value} ctx={ctx} />;
  const present = value !== undefined;
  return (
    <fieldset className="flex flex-col gap-3 rounded-component border border-line p-4">
      <legend className="px-1 text-sm font-semibold text-ink">{label}</legend>
      <GroupIssues ctx={ctx} path={path} />
      {present ? <Fields model={model} path={path} value={value} ctx={ctx} /> : null}
      {model.optional ? (
        <div>
          <Button variant="outline" size="sm" onClick={() => ctx.set(path, present ? undefined : emptyValue(model))}>
            {optionalText(ctx.t, model.name, present ? "remove" : "add", label)}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}

function ArrayEditor({ model, path, value, label, ctx }: EditorProps<Extract<FieldModel, { kind: "array" }>>) {
  const items = Array.isArray(value) ? value : [];
  const canAdd = model.maxItems === undefined || items.length < model.maxItems;
  const canRemove = items.length > (model.minItems ?? 0);
  const set = (next: unknown[]) => ctx.set(path, next.length === 0 && model.optional ? undefined : next);
  const move = (from: number, to: number) => {
    set(moveItem(items, from, to));
    // The keyboard follows the item it moves; at either end its button in that direction is disabled, so the other one takes focus.
    const direction = to === 0 ? "down" : to === items.length - 1 ? "up" : to < from ? "up" : "down";
    requestAnimationFrame(() => document.getElementById(`${fieldId(ctx, [...path, to])}-${direction}`)?.focus());
  };
  return (
    <fieldset className="flex flex-col gap-3 rounded-component border border-line p-4">
      <legend className="px-1 text-sm font-semibold text-ink">{label}</legend>
      <GroupIssues ctx={ctx} path={path} />
      {items.length === 0 ? <p className="text-sm text-muted">{ctx.t("array.empty")}</p> : null}
      <ol className="flex flex-col gap-4">
        {items.map((item, i) => {
          const number = i + 1;
          const itemLabel = listText(ctx.t, model.name, "item", label, number);
          return (
            // Items have no ids of their own; the index is what the path and the buttons name too.
            <li key={i} className="flex flex-col gap-2">
              <div className="flex flex-wrap items-center justify-end gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  id={`${fieldId(ctx, [...path, i])}-up`}
                  disabled={i === 0}
                  aria-label={listText(ctx.t, model.name, "moveUp", label, number)}
                  onClick={() => move(i, i - 1)}
                >
                  <Icon name="chevron-up" className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  id={`${fieldId(ctx, [...path, i])}-down`}
                  disabled={i === items.length - 1}
                  aria-label={listText(ctx.t, model.name, "moveDown", label, number)}
                  onClick={() => move(i, i + 1)}
                >
                  <Icon name="chevron-down" className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={!canRemove}
                  aria-label={listText(ctx.t, model.name, "remove", label, number)}
                  onClick={() => set(items.filter((_, j) => j !== i))}
                >
                  <Icon name="close" className="size-4" />
                </Button>
              </div>
              <FieldEditor model={model.item} path={[...path, i]} value={item} label={itemLabel} ctx={ctx} />
            </li>
          );
        })}
      </ol>
      <div>
        <Button variant="outline" size="sm" disabled={!canAdd} onClick={() => set([...items, emptyValue(model.item)])}>
          {listText(ctx.t, model.name, "add", label)}
        </Button>
      </div>
    </fieldset>
  );
}

/** A variant is named by the first field only it has (the action button's "Link" or "Scenario"). */
function variantName(ctx: FormContext, variants: readonly GroupModel[], index: number): string {
  // A discriminated union names each variant by its tag (pricing: free or paid), not by a field only one of them has.
  const tag = variants[index]?.fields.find((f) => f.kind === "hidden" && typeof f.value === "string");
  if (tag?.kind === "hidden") return optionLabel(ctx.t, String(tag.value));
  const own = variants[index]?.fields.find((f) => !variants.some((v, j) => j !== index && v.fields.some((g) => g.name === f.name)));
  return fieldLabel(ctx.t, own?.name ?? String(index + 1));
}

function VariantsEditor({ model, path, value, label, ctx }: EditorProps<Extract<FieldModel, { kind: "variants" }>>) {
  // A field that may be left out (a course's completion gift) starts at "none", not at its first kind with empty texts.
  const none = model.optional && !!model.clearable && (value === undefined || value === null);
  const chosen = none ? -1 : variantIndex(model.variants, value);
  const variant = model.variants[chosen];
  const choose = (index: number) => {
    if (index < 0) {
      ctx.set(path, undefined);
      return;
    }
    const next = model.variants[index];
    if (!next) return;
    // Keep what the variants share (the button's label), never the old tag; start the rest empty.
    const kept = Object.fromEntries(
      next.fields
        .filter((f) => f.kind !== "hidden" && getAt(value, [f.name]) !== undefined && variant?.fields.some((g) => g.name === f.name))
        .map((f) => [f.name, getAt(value, [f.name])]),
    );
    ctx.set(path, { ...(emptyValue(next) as object), ...kept });
  };
  return (
    <fieldset className="flex flex-col gap-3 rounded-component border border-line p-4">
      <legend className="px-1 text-sm font-semibold text-ink">{label}</legend>
      <GroupIssues ctx={ctx} path={path} />
      <SelectField
        id={`${fieldId(ctx, path)}-variant`}
        label={variantsLabel(ctx.t, model.name)}
        placeholder={ctx.t("choose")}
        required={!model.clearable}
        options={[
          ...(model.clearable ? [{ value: "-1", label: ctx.t(`variants.none.${model.name}`, { defaultValue: ctx.t("variants.none.default") }) }] : []),
          ...model.variants.map((_, i) => ({ value: String(i), label: variantName(ctx, model.variants, i) })),
        ]}
        value={String(chosen)}
        onChange={(e) => e.target.value !== "" && choose(Number(e.target.value))}
      />
      {variant ? <Fields model={variant} path={path} value={value} ctx={ctx} /> : null}
    </fieldset>
  );
}
