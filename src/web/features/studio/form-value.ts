import type { z } from "zod";
import type { FieldModel } from "./form-model";

/*
 * The value side of the generated form, without React: reading and replacing a field of the props
 * by its path, moving array items, and placing the schema's issues at the fields they belong to.
 */

export type ValuePath = readonly (string | number)[];

export const pathKey = (path: ValuePath) => path.join(".");

type Container = Record<string, unknown> | unknown[];
const isContainer = (v: unknown): v is Container => typeof v === "object" && v !== null;

export function getAt(value: unknown, path: ValuePath): unknown {
  let at = value;
  for (const key of path) at = isContainer(at) ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}

/** A copy of `value` with the field at `path` replaced; `undefined` removes an object's key (an optional field left empty). */
export function setAt(value: unknown, path: ValuePath, next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path;
  const child = setAt(isContainer(value) ? (value as Record<string, unknown>)[key as string] : undefined, rest, next);
  if (Array.isArray(value) && typeof key === "number") return value.map((item, i) => (i === key ? child : item));
  const copy: Record<string, unknown> = isContainer(value) && !Array.isArray(value) ? { ...value } : {};
  if (child === undefined) delete copy[key as string];
  else copy[key as string] = child;
  return copy;
}

/** The list with item `from` moved to `to` (both in range; else the list as it was). */
/** A per-language map with one language's value set; an emptied value drops the language's key. */
export function withLanguage(map: Readonly<Record<string, string>>, code: string, next: string): Record<string, string> {
  const { [code]: _old, ...rest } = map;
  return next === "" ? rest : { ...rest, [code]: next };
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

/** The concrete paths of every field drawn for this value (array items as they are, the chosen variant). */
export function fieldPaths(model: FieldModel, value: unknown, path: ValuePath = []): string[] {
  const own = pathKey(path);
  switch (model.kind) {
    case "group":
      return [own, ...model.fields.flatMap((f) => fieldPaths(f, getAt(value, [f.name]), [...path, f.name]))];
    case "array": {
      const items = Array.isArray(value) ? value : [];
      return [own, ...items.flatMap((item, i) => fieldPaths(model.item, item, [...path, i]))];
    }
    case "variants": {
      const chosen = model.variants[variantIndex(model.variants, value)];
      return chosen ? fieldPaths(chosen, value, path) : [own];
    }
    default:
      return [own];
  }
}

/** Which variant a value is: the one whose keys it has (a required key only one variant has), else the first. */
export function variantIndex(variants: readonly { fields: readonly FieldModel[] }[], value: unknown): number {
  if (!isContainer(value)) return 0;
  // A discriminated union's value says its variant by the tag ({ type: "paid" } before its price is typed).
  const tagged = variants.findIndex((v) => v.fields.some((f) => f.kind === "hidden" && (value as Record<string, unknown>)[f.name] === f.value));
  if (tagged >= 0) return tagged;
  const keys = Object.keys(value);
  const scores = variants.map((v) => v.fields.filter((f) => keys.includes(f.name)).length - keys.filter((k) => !v.fields.some((f) => f.name === k)).length);
  return scores.indexOf(Math.max(...scores));
}

/** An issue ready to translate: studio:issues.<key> with its parameters. */
export interface FieldIssue {
  key: string;
  params: Record<string, string | number>;
}

/** An issue at a value path: one the schema found, or one the server answered (its validation errors, placed like the schema's). */
export interface PathIssue {
  path: readonly (string | number)[];
  issue: FieldIssue;
}

/** A schema issue as the form explains it: a key of studio:issues and its parameters. */
export function fieldIssueOf(issue: z.core.$ZodIssue): FieldIssue {
  switch (issue.code) {
    case "too_small":
    case "too_big": {
      const origin = ["string", "number", "array"].includes(issue.origin) ? issue.origin : "number";
      const limit = issue.code === "too_small" ? issue.minimum : issue.maximum;
      return { key: `${issue.code}_${origin}`, params: { limit: Number(limit) } };
    }
    case "invalid_type":
    case "invalid_format":
    case "invalid_value":
    case "invalid_union":
    case "unrecognized_keys":
      return { key: issue.code, params: {} };
    default:
      // Custom checks (refinements) write English for the server's logs; the form says it in the creator's language.
      return { key: "custom", params: {} };
  }
}

/**
 * Validates the value with the same schema the server uses and places each issue at the drawn field
 * its path names, or at the nearest drawn field above it (an issue about a missing field of an item
 * lands on that item's field; one about the whole props lands at the root, key "").
 */
export function issuesByField(schema: z.ZodType, model: FieldModel, value: unknown, extra: readonly PathIssue[] = []): Map<string, FieldIssue[]> {
  const out = new Map<string, FieldIssue[]>();
  const result = schema.safeParse(value);
  const found: PathIssue[] = result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.filter((p): p is string | number => typeof p !== "symbol"), issue: fieldIssueOf(issue) }));
  const all = [...found, ...extra];
  if (all.length === 0) return out;
  const drawn = new Set(fieldPaths(model, value));
  for (const { path, issue } of all) {
    let at = path.length;
    while (at > 0 && !drawn.has(pathKey(path.slice(0, at)))) at--;
    const key = pathKey(path.slice(0, at));
    out.set(key, [...(out.get(key) ?? []), issue]);
  }
  return out;
}
