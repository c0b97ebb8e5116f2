import { displayNames } from "../../../domain/intl";
import type { TFunction } from "../../i18n/translator";

/** "labelHeader" → "Label header", "app-store" → "App store": what a field shows when the studio pack has no label for it. */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's label from the studio pack (studio:fields.<name>), else its humanised name. */
export const fieldLabel = (t: TFunction, name: string) => t(`fields.${name}`, { defaultValue: humanise(name) });

/**
 * What the choice of a field's kinds is labelled (studio:variants.<name>, e.g. "Gift on finishing the
 * course" for the gift), a sentence written in each pack; the field's own label when none is written.
 */
export const variantsLabel = (t: TFunction, name: string) => t(`variants.${name}`, { defaultValue: fieldLabel(t, name) });

/** An enum value's label (studio:options.<value>), else the value humanised (store names are brands). */
export const optionLabel = (t: TFunction, value: string) => t(`options.${value}`, { defaultValue: humanise(value) });

/** A language's name in the interface's language ("Turkish" in English, "التركية" in Arabic). */
export const languageName = (uiLang: string, code: string) => displayNames(uiLang, { type: "language" }).of(code) ?? code;

/** The buttons and item names of a list (studio:array.byField.<name>.<key>) and of a field that may be left out (studio:optional.byField.<name>.<key>). */
export type ListText = "add" | "item" | "remove" | "moveUp" | "moveDown";
export type OptionalText = "add" | "remove";

/**
 * A list's button or item name, a sentence written in each pack for the field ("Add a course",
 * "Remove course 2"); the generic one over the field's label only for a field the pack does not know.
 */
export const listText = (t: TFunction, name: string, key: ListText, label: string, number?: number) =>
  t(`array.byField.${name}.${key}`, { number, defaultValue: t(`array.${key}`, { label, number }) });

/** The add or remove button of a field that may be left out ("Add a completion award"), written per field like a list's. */
export const optionalText = (t: TFunction, name: string, key: OptionalText, label: string) =>
  t(`optional.byField.${name}.${key}`, { defaultValue: t(`optional.${key}`, { label }) });
