import { useHydrated } from "./use-hydrated";

/**
 * Formats instants in the viewer's own time zone, which only the browser knows: the server's render
 * and the hydrating one use UTC, named after the text, the next render the browser's zone.
 * Formatting in the process's zone at render gave the server's UTC text and the browser's local one,
 * React's error #418 for every viewer outside UTC (issue 28). (The zone is named by hand:
 * `timeZoneName` cannot be combined with `dateStyle`.)
 */
export function useInstantFormat(lang: string, options: Intl.DateTimeFormatOptions): (iso: string) => string {
  const hydrated = useHydrated();
  if (hydrated) {
    const local = new Intl.DateTimeFormat(lang, options);
    return (iso) => local.format(new Date(iso));
  }
  const utc = new Intl.DateTimeFormat(lang, { ...options, timeZone: "UTC" });
  return (iso) => `${utc.format(new Date(iso))} UTC`;
}
