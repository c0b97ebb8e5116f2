/** Amounts as stored (integer minor units) in the reader's language and the order's currency. */
export function formatMinor(lang: string, currency: string, minor: number): string {
  return new Intl.NumberFormat(lang, { style: "currency", currency }).format(minor / 100);
}

export function formatMajor(lang: string, currency: string, major: number): string {
  return new Intl.NumberFormat(lang, { style: "currency", currency }).format(major);
}

/** A moment as the reader reads dates (UTC, so server and browser draw the same text). */
export function formatWhen(lang: string, iso: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso));
}
