import { BoundedCache } from "./bounded-cache";

/**
 * Intl formatters built once per language and options, shared by every render and request. Building
 * one looks up locale data (tens of microseconds; `Intl.DisplayNames` in the language switcher showed
 * up in server profiles); formatting with a built one is cheap, and Intl objects are immutable, so
 * sharing them is safe. Invalid input throws as the constructors do (nothing is cached then).
 */
const MAX_PER_KIND = 256;

function memoized<O extends object, T>(build: (lang: string, options?: O) => T): (lang: string, options?: O) => T {
  const cache = new BoundedCache<string, T>(MAX_PER_KIND);
  return (lang, options) => {
    const key = options ? `${lang}\u0000${JSON.stringify(options)}` : lang;
    return cache.get(key) ?? cache.set(key, build(lang, options));
  };
}

export const numberFormat = memoized((lang, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(lang, options));
export const dateTimeFormat = memoized((lang, options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(lang, options));
export const relativeTimeFormat = memoized((lang, options?: Intl.RelativeTimeFormatOptions) => new Intl.RelativeTimeFormat(lang, options));
export const displayNames = memoized((lang, options?: Intl.DisplayNamesOptions) => new Intl.DisplayNames(lang, options ?? { type: "language" }));
