import { formatDate } from "../locale";
import { relativeTimeFormat } from "../intl";

/* Apart from the block's schema: the browser's block imports this, and zod stays out of its chunk (decision 0041). */

const DAY_MS = 86_400_000;

/** A "YYYY-MM-DD" day as UTC midnight, so the day is the same on the server and in every browser. */
function utcDay(iso: string): number {
  const [y, m, d] = iso.split("-").map(Number);
  return Date.UTC(y, m - 1, d);
}

/** Seed 9 date format "MMM d, yyyy" with the page language's month names (the shared formatDate). */
export function formatEventDate(iso: string, lang: string): string {
  return formatDate(utcDay(iso), lang);
}

/** Whole days from today (UTC) to the day: 0 today, 1 tomorrow, -1 yesterday. */
export function daysUntil(iso: string, now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((utcDay(iso) - today) / DAY_MS);
}

/**
 * The distance as people say it, in the page language: "today", "tomorrow", "in 5 days",
 * "in 3 weeks", "2 months ago", "in 2 years". Larger units once the smaller one gets unwieldy.
 */
export function formatDistance(days: number, lang: string): string {
  const rtf = relativeTimeFormat(lang, { numeric: "auto" });
  const abs = Math.abs(days);
  if (abs < 14) return rtf.format(days, "day");
  if (abs < 60) return rtf.format(Math.round(days / 7), "week");
  if (abs < 730) return rtf.format(Math.round(days / 30.44), "month");
  return rtf.format(Math.round(days / 365.25), "year");
}
