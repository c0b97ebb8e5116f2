import { isPortalLang } from "./locale";

/**
 * Seed 2.1: when the first path segment is not a supported language the visitor goes to the
 * language of the previous route, else the language cookie, else the primary language; the query
 * string is kept. A segment that looks like a language code (e.g. "de", "pt-BR") is replaced; any
 * other segment is kept as the start of the path ("/courses" -> "/tr/courses").
 */
export interface LangRedirectInput {
  pathname: string;
  search: string;
  supported: readonly string[];
  primary: string;
  previousLang?: string | null;
  cookieLang?: string | null;
}

const LANG_LIKE = /^[a-z]{2}(?:[-_][a-z0-9]{2,4})?$/i;

export function firstSegment(pathname: string): string {
  return pathname.split("/").filter(Boolean)[0] ?? "";
}

export function pickLang({ supported, primary, previousLang, cookieLang }: LangRedirectInput): string {
  for (const candidate of [previousLang, cookieLang]) {
    if (isPortalLang(candidate, supported)) return candidate;
  }
  return primary;
}

/** Returns the redirect target, or null when the path already starts with a supported language. */
export function langRedirectTarget(input: LangRedirectInput): string | null {
  const segments = input.pathname.split("/").filter(Boolean);
  const first = segments[0] ?? "";
  if (isPortalLang(first, input.supported)) return null;
  const lang = pickLang(input);
  const rest = LANG_LIKE.test(first) ? segments.slice(1) : segments;
  const trailing = input.pathname.endsWith("/") && rest.length > 0 ? "/" : "";
  const path = rest.length ? `/${lang}/${rest.join("/")}${trailing}` : `/${lang}/`;
  return `${path}${input.search}`;
}

/** Changing language rewrites the first path segment (seed 2.1). */
export function switchLangPath(pathname: string, search: string, hash: string, lang: string): string {
  const segments = pathname.split("/");
  // segments[0] is "" for absolute paths
  if (segments.length > 1 && segments[1] !== undefined) segments[1] = lang;
  else segments.push(lang);
  let path = segments.join("/");
  if (path === `/${lang}`) path += "/";
  return `${path}${search}${hash}`;
}
