import { z } from "zod";
import { ZLang } from "./course";
import { ZText } from "./validation/safe-text";
import { dateTimeFormat, relativeTimeFormat } from "./intl";

export const EPISODE_STATES = ["opened", "today", "closed"] as const;
export const ZEpisodeState = z.enum(EPISODE_STATES);
export type TEpisodeState = z.infer<typeof ZEpisodeState>;

/** Days are counted in this zone unless the caller names another (IANA name, e.g. Europe/Istanbul). */
export const DEFAULT_TIME_ZONE = "UTC";

export function isTimeZone(tz: string): boolean {
  try {
    dateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** y-m-d of an instant as seen in a time zone. */
function dayKey(date: Date, timeZone: string): string {
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

/**
 * Seed 000 §4: opened if the start date is past, today if it is today, else closed. Checked in that
 * order, so an episode of today that has begun is already opened and a later one today is "today".
 */
export function episodeState(startDate: Date, now: Date, timeZone: string = DEFAULT_TIME_ZONE): TEpisodeState {
  if (startDate.getTime() <= now.getTime()) return "opened";
  if (dayKey(startDate, timeZone) === dayKey(now, timeZone)) return "today";
  return "closed";
}

/**
 * Seed 000 §9 date format MMM d, yyyy, with the month's short name in the page language (Intl),
 * e.g. "Jan 5, 2026", "Oca 5, 2026", "янв. 5, 2026". Digits stay Latin as in the pattern.
 */
export function formatEpisodeDate(date: Date, lang: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const month = dateTimeFormat(lang, { month: "short", timeZone }).format(date);
  const parts = dateTimeFormat("en-US", { timeZone, day: "numeric", year: "numeric" }).formatToParts(date);
  const day = parts.find((p) => p.type === "day")?.value ?? "";
  const year = parts.find((p) => p.type === "year")?.value ?? "";
  return `${month} ${day}, ${year}`;
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600_000],
  ["month", 30 * 24 * 3600_000],
  ["day", 24 * 3600_000],
  ["hour", 3600_000],
  ["minute", 60_000],
];

/** Distance from now to the start, in words of the page language ("in 3 days", "2 hours ago"). */
export function episodeDistance(startDate: Date, now: Date, lang: string): string {
  const diff = startDate.getTime() - now.getTime();
  const rtf = relativeTimeFormat(lang, { numeric: "auto" });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return rtf.format(Math.round(diff / ms), unit);
  }
  return rtf.format(0, "minute");
}

export const ZEpisode = z.object({
  id: z.string(),
  title: z.string(),
  startDate: z.string(),
  /** startDate as MMM d, yyyy in the requested language. */
  date: z.string(),
  distance: z.string(),
  state: ZEpisodeState,
  /** Recording or stream address; null while the episode is closed. */
  videoUrl: z.string().nullable(),
  index: z.number().int(),
});
export type TEpisode = z.infer<typeof ZEpisode>;

export const ZVideoEvent = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  cover: z.string().nullable(),
  pageAlias: z.string().nullable(),
  episodes: z.array(ZEpisode),
});
export type TVideoEvent = z.infer<typeof ZVideoEvent>;

export const ZVideoEventQuery = z.object({
  lang: ZLang,
  tz: ZText.max(64).refine(isTimeZone, { message: "Unknown time zone" }).optional(),
});
