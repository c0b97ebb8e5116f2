import type { z } from "zod";
import { isSafeUrl } from "../../../domain/blocks/safe-url";
import type { TMediaKind } from "../../../domain/media";
import { mediaKindOf } from "../../../domain/media-field";

/*
 * The form model of a block's props (issue 15): one generator reads a zod schema and describes the
 * fields a creator edits, so that no block needs a hand-written editor. It reads zod 4's public
 * `def` (the documented way to introspect a schema) rather than `z.toJSONSchema`: JSON Schema
 * loses what the form needs to know, such as which strings are addresses (ZSafeUrl is a string
 * with a custom check) and which literal is a discriminator.
 */

/** Where a field sits in the props; "[]" stands for any item of an array. */
export type ModelPath = readonly string[];

interface FieldBase {
  path: ModelPath;
  /** The key in its object, or "[]" for an array's item; labels come from it. */
  name: string;
  /** May be left out: optional, or filled by a default. */
  optional: boolean;
}

export type FieldModel =
  | (FieldBase & { kind: "text"; maxLength?: number })
  | (FieldBase & { kind: "longText"; maxLength?: number })
  | (FieldBase & { kind: "url" })
  /** The address of a file of the media library (marked by mediaField in its schema): edited with the media picker. */
  | (FieldBase & { kind: "media"; media: TMediaKind })
  | (FieldBase & { kind: "date" })
  /** An instant with its offset (z.iso.datetime): edited in the creator's time zone, stored as UTC ISO. */
  | (FieldBase & { kind: "dateTime" })
  | (FieldBase & { kind: "number"; min?: number; max?: number; integer: boolean })
  | (FieldBase & { kind: "boolean" })
  | (FieldBase & { kind: "select"; options: readonly string[] })
  /** A text per language: a record of language → text (ZLocalized and the studio's patches). */
  | (FieldBase & { kind: "localized" })
  /**
   * A file per language over a default one (a course's covers, decision 0062): a record of language →
   * media address, each edited with the media picker; a language without one uses the default.
   */
  | (FieldBase & { kind: "localizedMedia"; media: TMediaKind })
  | (FieldBase & { kind: "array"; item: FieldModel; minItems?: number; maxItems?: number })
  | GroupModel
  /** One of several object shapes, e.g. a button that follows a link or starts a scenario. */
  | (FieldBase & {
      kind: "variants";
      variants: readonly GroupModel[];
      /** Null removes it (a course's gift): the form offers "none" and starts there when there is none. */
      clearable?: boolean;
    })
  /** A literal (a block's `type`): fixed, never shown. */
  | (FieldBase & { kind: "hidden"; value: unknown })
  /** A schema kind the generator cannot edit: reported, never silently dropped. */
  | (FieldBase & { kind: "unsupported"; zodType: string });

export type GroupModel = FieldBase & { kind: "group"; fields: readonly FieldModel[] };
export type FieldKind = FieldModel["kind"];

/** Strings longer than a label (ZLabel is 300) get a text area. */
const SHORT_TEXT_MAX = 300;

type AnySchema = z.core.$ZodType;
type Check = { _zod: { def: { check: string; minimum?: number; maximum?: number; fn?: unknown } } };

const defOf = (schema: AnySchema) => schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
const checksOf = (schema: AnySchema) => ((defOf(schema).checks as Check[] | undefined) ?? []).map((c) => c._zod.def);

function lengthBounds(schema: AnySchema): { min?: number; max?: number } {
  const out: { min?: number; max?: number } = {};
  for (const c of checksOf(schema)) {
    if (c.check === "min_length") out.min = c.minimum;
    if (c.check === "max_length") out.max = c.maximum;
  }
  return out;
}

function stringModel(schema: AnySchema, base: FieldBase): FieldModel {
  const s = schema as z.ZodString;
  // The schema's own mark decides, not the field's name: one rule for every form (decision 0052).
  const media = mediaKindOf(schema);
  if (media) return { ...base, kind: "media", media };
  // ZSafeUrl (and what refines it further) carries isSafeUrl as a check: an address, whatever its name.
  if (s.format === "url" || checksOf(schema).some((c) => c.check === "custom" && c.fn === isSafeUrl)) return { ...base, kind: "url" };
  if (s.format === "date") return { ...base, kind: "date" };
  if (s.format === "datetime") return { ...base, kind: "dateTime" };
  const maxLength = s.maxLength ?? undefined;
  const long = maxLength === undefined || maxLength > SHORT_TEXT_MAX;
  return { ...base, kind: long ? "longText" : "text", ...(maxLength !== undefined ? { maxLength } : {}) };
}

function numberModel(schema: AnySchema, base: FieldBase): FieldModel {
  const n = schema as z.ZodNumber;
  const finite = (v: number | null) => (v !== null && Number.isFinite(v) && Math.abs(v) < Number.MAX_SAFE_INTEGER ? v : undefined);
  const min = finite(n.minValue);
  const max = finite(n.maxValue);
  return { ...base, kind: "number", integer: n.isInt, ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

function groupModel(schema: AnySchema, base: FieldBase): GroupModel {
  const shape = (schema as z.ZodObject).shape as Record<string, AnySchema>;
  return { ...base, kind: "group", fields: Object.entries(shape).map(([key, field]) => fieldModel(field, [...base.path, key], key, false)) };
}

const unwrapNullable = (schema: AnySchema): AnySchema => (defOf(schema).type === "nullable" ? unwrapNullable(defOf(schema).innerType as AnySchema) : schema);

function fieldModel(schema: AnySchema, path: ModelPath, name: string, optional: boolean): FieldModel {
  const def = defOf(schema);
  const base: FieldBase = { path, name, optional };
  switch (def.type) {
    // A field cleared with null (a cover) is edited like an optional one; the settings form sends the
    // removal as null (course-settings-value.ts clearedFields).
    case "optional":
    case "default":
      return fieldModel(def.innerType as AnySchema, path, name, true);
    case "nullable": {
      const inner = fieldModel(def.innerType as AnySchema, path, name, true);
      return inner.kind === "variants" ? { ...inner, clearable: true } : inner;
    }
    case "string":
      return stringModel(schema, base);
    case "number":
      return numberModel(schema, base);
    case "boolean":
      return { ...base, kind: "boolean" };
    case "enum":
      return { ...base, kind: "select", options: Object.values(def.entries as Record<string, string>).map(String) };
    case "literal": {
      const values = def.values as unknown[];
      return values.length === 1 ? { ...base, kind: "hidden", value: values[0] } : { ...base, kind: "select", options: values.map(String) };
    }
    case "object":
      return groupModel(schema, base);
    case "array": {
      const { min, max } = lengthBounds(schema);
      const item = fieldModel(def.element as AnySchema, [...path, "[]"], "[]", false);
      return { ...base, kind: "array", item, ...(min !== undefined ? { minItems: min } : {}), ...(max !== undefined ? { maxItems: max } : {}) };
    }
    case "record": {
      // A value cleared with null (a language's cover) is edited like a text that can be emptied.
      const valueType = unwrapNullable(def.valueType as AnySchema);
      const value = defOf(valueType);
      const media = mediaKindOf(valueType);
      if (defOf(def.keyType as AnySchema).type === "string" && media) return { ...base, kind: "localizedMedia", media };
      if (defOf(def.keyType as AnySchema).type === "string" && value.type === "string") return { ...base, kind: "localized" };
      return { ...base, kind: "unsupported", zodType: "record" };
    }
    case "union": {
      const options = def.options as AnySchema[];
      if (options.every((o) => defOf(o).type === "object")) {
        return { ...base, kind: "variants", variants: options.map((o) => groupModel(o, base)) };
      }
      return { ...base, kind: "unsupported", zodType: "union" };
    }
    default:
      return { ...base, kind: "unsupported", zodType: def.type };
  }
}

/** The form model of a schema: a group for an object schema (a block's props or a whole block). */
export function formModel(schema: AnySchema): FieldModel {
  return fieldModel(schema, [], "", false);
}

/** Every field of a model, depth first (array items and variants included). */
export function allFields(model: FieldModel): FieldModel[] {
  if (model.kind === "group") return [model, ...model.fields.flatMap(allFields)];
  if (model.kind === "array") return [model, ...allFields(model.item)];
  if (model.kind === "variants") return [model, ...model.variants.flatMap((v) => v.fields.flatMap(allFields))];
  return [model];
}

/** What a new item, a newly added optional group or a newly chosen variant starts with. */
export function emptyValue(model: FieldModel): unknown {
  switch (model.kind) {
    case "text":
    case "longText":
    case "url":
    case "media":
    case "date":
    case "dateTime":
      return "";
    case "number":
      return model.min !== undefined && model.min > 0 ? model.min : 0;
    case "boolean":
      return false;
    case "select":
      return model.options[0];
    case "localized":
    case "localizedMedia":
      return {};
    case "array":
      return [];
    case "group":
      return Object.fromEntries(model.fields.filter((f) => !f.optional).map((f) => [f.name, emptyValue(f)]));
    case "variants":
      return model.variants[0] ? emptyValue(model.variants[0]) : {};
    case "hidden":
      return model.value;
    case "unsupported":
      return undefined;
  }
}
