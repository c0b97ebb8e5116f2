/**
 * Texts given per language (portal settings, forms, course data), without zod: the browser runs
 * these on every page (docs/decisions/0020-lean-client.md). Their schema is ZLocalized in portal.ts.
 */
type Localized = Readonly<Record<string, string>>;

/**
 * The one rule for a text given per language: the text for `lang`, else the primary language's,
 * else any value. Portal settings, forms and course data all pick their texts with it.
 */
export function localized(value: Localized | null | undefined, lang: string, primary: string): string {
  if (!value) return "";
  // An empty translation counts as missing, as it does for logos.
  return value[lang] || value[primary] || Object.values(value).find(Boolean) || "";
}

/** Seed 2.2: logo per language, falling back to the primary language, then a default logo. */
export function pickLogo(logos: Localized, lang: string, primary: string, defaultLogo: string): string {
  return logos[lang] || logos[primary] || defaultLogo;
}

/**
 * A course's cover in one language (decision 0062): the language's own cover when the author set one,
 * else the course's default cover (seed 000 §3 has one cover; null when there is none). No fallback to
 * the primary language's override: a cover made for one language (its text in the picture) is not
 * shown to readers of another, who get the default the author made for everyone.
 */
export function localizedCover(cover: string | null, covers: Localized | null | undefined, lang: string): string | null {
  return covers?.[lang] || cover;
}
