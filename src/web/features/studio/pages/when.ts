import { dateTimeFormat } from "../../../../domain/intl";

/** A save's or a version's moment, date and time, in the interface's language. */
export function when(iso: string, lang: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : dateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(d);
}
