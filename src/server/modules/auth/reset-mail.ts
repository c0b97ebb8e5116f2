import type { FastifyRequest } from "fastify";
import type { TUser } from "../../../domain/user";
import { type LetterDeps, type LetterTexts, letterLanguage, mailPack, sendLetter } from "../../platform/letters";
import type { SendIn } from "../../platform/mail";

/**
 * The reset e-mail. The link always points at our own origin (platform/public-origin.ts, never the
 * Host header alone): `website` only chooses the language, so nobody can make us mail a link to another site.
 */
export function createPasswordResetMail(deps: LetterDeps) {
  /**
   * Reads what the letter needs (language, texts, origin) and answers what sends it: so the sending
   * itself reads nothing and can run inside the token's transaction (`into.tx`, docs/decisions/0073;
   * on PGlite a read outside the transaction would wait for the session it holds).
   */
  async function prepare(req: FastifyRequest, website?: string) {
    const lang = await letterLanguage(deps.portalLangs, { website });
    const pack = await mailPack<{ reset: LetterTexts }>(deps.packs, lang);
    const origin = deps.publicOrigin(req);
    return async (reset: { token: string; user: TUser }, into?: SendIn) => {
      const link = `${origin}/${lang}/?pwdtoken=${encodeURIComponent(reset.token)}`;
      await sendLetter(deps.mailer, reset.user.email!, pack.reset, { name: reset.user.fullName || reset.user.email || "", link }, {}, into);
    };
  }
  return {
    prepare,
    async send(req: FastifyRequest, reset: { token: string; user: TUser }, website?: string) {
      const sendIt = await prepare(req, website);
      await sendIt(reset);
    },
  };
}
export type PasswordResetMail = ReturnType<typeof createPasswordResetMail>;
