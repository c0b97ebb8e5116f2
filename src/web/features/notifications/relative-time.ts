import { relativeTimeFormat } from "../../../domain/intl";

const STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.345],
  ["month", 12],
  ["year", Infinity],
];

/** "5 minutes ago", "yesterday", "منذ ٣ ساعات": a past moment in the page language, to the largest fitting unit. */
export function relativeTime(iso: string, now: number, lang: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "";
  // A moment a little ahead of the browser's clock is "now", not "in 3 seconds".
  let value = Math.min(0, (at - now) / 1000);
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relativeTimeFormat(lang, { numeric: "auto" }).format(Math.round(value), unit);
    value /= size;
  }
  return "";
}
