/**
 * The mentor's typical reply time as words ("about 2 hours"): minutes under an hour, hours under two
 * days, then days. Units and plurals come from Intl (every language's plural forms, Arabic and Russian
 * included); the sentence around it from the language pack.
 */
export function humaniseMinutes(minutes: number, lang: string): string {
  const m = Math.max(1, Math.round(minutes));
  const unit = (value: number, u: "minute" | "hour" | "day") => new Intl.NumberFormat(lang, { style: "unit", unit: u, unitDisplay: "long" }).format(value);
  if (m < 60) return unit(m, "minute");
  const hours = Math.round(m / 60);
  if (hours < 48) return unit(hours, "hour");
  return unit(Math.round(hours / 24), "day");
}
