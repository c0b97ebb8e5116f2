import type { FastifyRequest } from "fastify";
import { firstSegment } from "../../../domain/lang-redirect";
import type { TUser } from "../../../domain/user";
import type { Mailer } from "../../platform/mail";
import type { LanguagePacks } from "../../platform/language-packs";
import type { RequestHost } from "../../platform/public-origin";

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? "");
}

/**
 * The reset e-mail. The link always points at our own origin (platform/public-origin.ts, never the
 * Host header alone): `website` only chooses the language, so nobody can make us mail a link to another site.
 */
export function createPasswordResetMail(deps: {
  mailer: Mailer;
  packs: LanguagePacks;
  publicOrigin: (req: RequestHost) => string;
  portalLangs: () => Promise<{ langs: string[]; primaryLang: string }>;
}) {
  return {
    async send(req: FastifyRequest, reset: { token: string; user: TUser }, website?: string) {
      const { langs, primaryLang } = await deps.portalLangs();
      let lang = primaryLang;
      try {
        const fromSite = website ? firstSegment(new URL(website, "http://x").pathname) : "";
        if (langs.includes(fromSite)) lang = fromSite;
      } catch {
        /* a malformed website only loses the language hint */
      }
      const origin = deps.publicOrigin(req);
      const link = `${origin}/${lang}/?pwdtoken=${encodeURIComponent(reset.token)}`;
      const pack = ((await deps.packs.get(lang, "mail")) ?? (await deps.packs.get("en", "mail"))) as {
        reset: { subject: string; text: string; html: string };
      };
      const values = { name: reset.user.fullName || reset.user.email || "", link };
      await deps.mailer.send({
        to: reset.user.email!,
        subject: fill(pack.reset.subject, values),
        text: fill(pack.reset.text, values),
        html: fill(pack.reset.html, { ...values, name: escapeHtml(values.name), link: escapeHtml(link) }),
      });
    },
  };
}
export type PasswordResetMail = ReturnType<typeof createPasswordResetMail>;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
