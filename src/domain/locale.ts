import { FALLBACK_LANG, RTL_LANGS } from "./constants";
import { dateTimeFormat } from "./intl";

/** 'en-US' -> 'en'; unsupported or malformed -> fallback (seed 9: normalised to its primary subtag). */
export function normalizeLocale(input: string | null | undefined, supported: readonly string[], fallback: string = FALLBACK_LANG): string {
  if (!input) return fallback;
  const primary = input.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return supported.includes(primary) ? primary : fallback;
}

export function isRtl(lang: string): boolean {
  return (RTL_LANGS as readonly string[]).includes(lang);
}

export function dirOf(lang: string): "rtl" | "ltr" {
  return isRtl(lang) ? "rtl" : "ltr";
}

/**
 * Seed date format "MMM d, yyyy" rendered with the locale's own month names and digits.
 * Built from Intl parts so every locale keeps the seed's order rather than its own.
 */
export function formatDate(date: Date | string | number, lang: string): string {
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) return "";
  const parts = dateTimeFormat(lang, {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).formatToParts(d);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("month").replace(/\.$/, "")} ${get("day")}, ${get("year")}`;
}

/** Whether `lang` is one of the portal's languages. */
export function isPortalLang(lang: string | null | undefined, langs: readonly string[]): lang is string {
  return !!lang && langs.includes(lang);
}

/** The portal's language check: `lang` when it is one of the portal's languages, else `fallback`. */
export function portalLang(lang: string | null | undefined, langs: readonly string[], fallback: string): string {
  return isPortalLang(lang, langs) ? lang : fallback;
}

/**
 * The language of a request: the route's {lang} when the portal has it, else the language cookie
 * (normalised), else the portal's primary language.
 */
export function requestLang(
  routeLang: string | null | undefined,
  cookieLang: string | null | undefined,
  langs: readonly string[],
  primaryLang: string,
): string {
  return portalLang(routeLang, langs, normalizeLocale(cookieLang ?? primaryLang, langs, primaryLang));
}
