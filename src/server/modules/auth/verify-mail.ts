import type { FastifyRequest } from "fastify";
import { firstSegment } from "../../../domain/lang-redirect";
import type { Mailer } from "../../platform/mail";
import type { LanguagePacks } from "../../platform/language-packs";
import type { EmailVerificationLetter } from "./service";

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? "");
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * The origin of links in letters, built exactly as reset-mail.ts builds its own (PUBLIC_URL, else the
 * request's): kept in this one function so a change there is a change here.
 */
function linkOrigin(req: FastifyRequest, publicUrl: string | undefined): string {
  // PUBLIC_URL may be written with a trailing slash: no "https://x.org//en/" links.
  return (publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, "");
}

type Letter = { subject: string; text: string; html: string };

/**
 * E-mail verification letters (docs/decisions/0012): a `?emailtoken=` link to our own origin in the
 * learner's language (`website` or `lang` only choose the language), or, for an address another
 * account holds, a notice without any link.
 */
export function createEmailVerifyMail(deps: {
  mailer: Mailer;
  packs: LanguagePacks;
  publicUrl?: string;
  portalLangs: () => Promise<{ langs: string[]; primaryLang: string }>;
}) {
  async function languageOf(hint: { website?: string; lang?: string }): Promise<string> {
    const { langs, primaryLang } = await deps.portalLangs();
    if (hint.lang && langs.includes(hint.lang)) return hint.lang;
    try {
      const fromSite = hint.website ? firstSegment(new URL(hint.website, "http://x").pathname) : "";
      if (langs.includes(fromSite)) return fromSite;
    } catch {
      /* a malformed website only loses the language hint */
    }
    return primaryLang;
  }

  return {
    async send(req: FastifyRequest, letter: EmailVerificationLetter, hint: { website?: string; lang?: string } = {}) {
      const lang = await languageOf(hint);
      const pack = ((await deps.packs.get(lang, "mail")) ?? (await deps.packs.get("en", "mail"))) as { verify: Letter; emailTaken: Letter };
      const origin = linkOrigin(req, deps.publicUrl);
      const name = letter.user.fullName || letter.to;
      if (letter.kind === "taken") {
        const values = { name, email: letter.to, link: `${origin}/${lang}/` };
        await deps.mailer.send({
          to: letter.to,
          subject: fill(pack.emailTaken.subject, values),
          text: fill(pack.emailTaken.text, values),
          html: fill(pack.emailTaken.html, { name: escapeHtml(name), email: escapeHtml(letter.to), link: escapeHtml(values.link) }),
        });
        return;
      }
      const link = `${origin}/${lang}/?emailtoken=${encodeURIComponent(letter.token)}`;
      const values = { name, email: letter.to, link };
      await deps.mailer.send({
        to: letter.to,
        subject: fill(pack.verify.subject, values),
        text: fill(pack.verify.text, values),
        html: fill(pack.verify.html, { name: escapeHtml(name), email: escapeHtml(letter.to), link: escapeHtml(link) }),
      });
    },
  };
}
export type EmailVerifyMail = ReturnType<typeof createEmailVerifyMail>;
