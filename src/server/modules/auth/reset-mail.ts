import type { FastifyRequest } from "fastify";
import type { TUser } from "../../../domain/user";
import { type LetterDeps, type LetterTexts, letterLanguage, mailPack, sendLetter } from "../../platform/letters";

/**
 * The reset e-mail. The link always points at our own origin (platform/public-origin.ts, never the
 * Host header alone): `website` only chooses the language, so nobody can make us mail a link to another site.
 */
export function createPasswordResetMail(deps: LetterDeps) {
  return {
    async send(req: FastifyRequest, reset: { token: string; user: TUser }, website?: string) {
      const lang = await letterLanguage(deps.portalLangs, { website });
      const link = `${deps.publicOrigin(req)}/${lang}/?pwdtoken=${encodeURIComponent(reset.token)}`;
      const pack = await mailPack<{ reset: LetterTexts }>(deps.packs, lang);
      await sendLetter(deps.mailer, reset.user.email!, pack.reset, { name: reset.user.fullName || reset.user.email || "", link });
    },
  };
}
export type PasswordResetMail = ReturnType<typeof createPasswordResetMail>;
