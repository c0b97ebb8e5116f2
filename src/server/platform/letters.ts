import { firstSegment } from "../../domain/lang-redirect";
import { isPortalLang, portalLang } from "../../domain/locale";
import type { LanguagePacks } from "./language-packs";
import type { Mailer, SendIn } from "./mail";
import type { RequestHost } from "./public-origin";

/** What a kind of letter needs: the mailer, the mail packs, our origin and the portal's languages. */
export interface LetterDeps {
  mailer: Mailer;
  packs: LanguagePacks;
  publicOrigin: (req: RequestHost) => string;
  portalLangs: () => Promise<{ langs: string[]; primaryLang: string }>;
}

/** A letter's texts in the mail pack: `{{name}}`-style placeholders. */
export interface LetterTexts {
  subject: string;
  text: string;
  html: string;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? "");
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * The letter's language: `lang` when the portal has it, else the first segment of `website` (the
 * page the learner was on), else the primary language. These only choose a language, never a host.
 */
export async function letterLanguage(
  portalLangs: () => Promise<{ langs: string[]; primaryLang: string }>,
  hint: { website?: string; lang?: string },
): Promise<string> {
  const { langs, primaryLang } = await portalLangs();
  if (isPortalLang(hint.lang, langs)) return hint.lang;
  try {
    const fromSite = hint.website ? firstSegment(new URL(hint.website, "http://x").pathname) : "";
    return portalLang(fromSite, langs, primaryLang);
  } catch {
    return primaryLang; // a malformed website only loses the language hint
  }
}

/** The mail pack of a language (en when the language has none). */
export async function mailPack<T>(packs: LanguagePacks, lang: string): Promise<T> {
  return ((await packs.get(lang, "mail")) ?? (await packs.get("en", "mail"))) as T;
}

/**
 * Fills a letter's texts (values HTML-escaped in the html part) and sends it. `html` replaces values
 * in the html part with markup the caller built, every piece of it through escapeHtml.
 */
export function sendLetter(mailer: Mailer, to: string, texts: LetterTexts, values: Record<string, string>, html: Record<string, string> = {}, into?: SendIn) {
  const escaped = { ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escapeHtml(v)])), ...html };
  return mailer.send({ to, subject: fill(texts.subject, values), text: fill(texts.text, values), html: fill(texts.html, escaped) }, into);
}
