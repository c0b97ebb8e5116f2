/** A date as the screen's language writes it (an ISO string in, empty for none). */
export function formatDate(iso: string | null | undefined, lang: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" }).format(d);
}
