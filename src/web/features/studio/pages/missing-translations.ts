import type { TBlockType } from "../../../../domain/page";
import type { TDesignerBlock } from "../../../../domain/studio-pages";
import { allFields, formModel } from "../form-model";
import { blockPropsSchema } from "./block-schemas";

/*
 * Missing translations in the designer (issue 15): a block misses a language when it has no props
 * for it (readers then get the primary language's), or when a text the primary language fills is
 * empty in it. Pure, so the block list, the property columns and the tests share one rule.
 */

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** Which fields are texts to translate, by their model path ("variants.[].text"); all strings when not given. */
export type IsText = (modelPath: string) => boolean;

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** Paths (a.0.b) of the texts filled in `primary` and empty in `other`. */
export function emptyWherePrimaryHasText(primary: unknown, other: unknown, isText: IsText = () => true, path = "", modelPath = ""): string[] {
  if (typeof primary === "string") return isText(modelPath) && primary.trim() !== "" && isBlank(other) ? [path] : [];
  if (Array.isArray(primary)) {
    const list = Array.isArray(other) ? other : [];
    return primary.flatMap((item, i) => emptyWherePrimaryHasText(item, list[i], isText, join(path, String(i)), join(modelPath, "[]")));
  }
  if (primary && typeof primary === "object") {
    const obj = other && typeof other === "object" ? (other as Record<string, unknown>) : {};
    return Object.entries(primary).flatMap(([k, v]) => emptyWherePrimaryHasText(v, obj[k], isText, join(path, k), join(modelPath, k)));
  }
  return [];
}

const textFields = new Map<TBlockType, Set<string>>();

/** The texts of a block type to translate: its schema's text fields (not ids, choices, addresses or dates). */
export function textFieldsOf(type: TBlockType): IsText {
  let set = textFields.get(type);
  if (!set) {
    set = new Set(
      allFields(formModel(blockPropsSchema(type)))
        // An "id" is an identifier (a variant's, a course's), the same in every language.
        .filter((f) => (f.kind === "text" || f.kind === "longText") && f.name !== "id")
        .map((f) => f.path.join(".")),
    );
    textFields.set(type, set);
  }
  const fields = set;
  return (modelPath) => fields.has(modelPath);
}

/** The languages (of `languages`, the primary excluded) a block misses. */
export function missingLanguages(block: Pick<TDesignerBlock, "props" | "type">, languages: readonly string[], primaryLang: string): string[] {
  const isText = textFieldsOf(block.type);
  const primary = block.props[primaryLang];
  return languages.filter((lang) => {
    if (lang === primaryLang) return false;
    const props = block.props[lang];
    if (props === undefined) return true;
    return emptyWherePrimaryHasText(primary, props, isText).length > 0;
  });
}

/** Whether the primary language itself has no props (the block is then never published right). */
export const missingPrimary = (block: Pick<TDesignerBlock, "props">, primaryLang: string) => block.props[primaryLang] === undefined;
