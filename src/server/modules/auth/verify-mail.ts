import type { FastifyRequest } from "fastify";
import { type LetterDeps, type LetterTexts, letterLanguage, mailPack, sendLetter } from "../../platform/letters";
import type { SendVerification } from "./service";

/**
 * E-mail verification letters (docs/decisions/0012): a `?emailtoken=` link to our own origin in the
 * learner's language (`website` or `lang` only choose the language), or, for an address another
 * account holds, a notice without any link.
 */
export function createEmailVerifyMail(deps: LetterDeps) {
  return {
    /**
     * Reads what the letter needs (language, texts, origin) and answers what sends it, so the sending
     * reads nothing and can run inside its token's transaction (`into.tx`, docs/decisions/0073).
     */
    async prepare(req: FastifyRequest, hint: { website?: string; lang?: string } = {}): Promise<SendVerification> {
      const lang = await letterLanguage(deps.portalLangs, hint);
      const pack = await mailPack<{ verify: LetterTexts; emailTaken: LetterTexts }>(deps.packs, lang);
      const origin = deps.publicOrigin(req);
      return async (letter, into) => {
        const name = letter.user.fullName || letter.to;
        if (letter.kind === "taken") {
          await sendLetter(deps.mailer, letter.to, pack.emailTaken, { name, email: letter.to, link: `${origin}/${lang}/` }, {}, into);
          return;
        }
        const link = `${origin}/${lang}/?emailtoken=${encodeURIComponent(letter.token)}`;
        await sendLetter(deps.mailer, letter.to, pack.verify, { name, email: letter.to, link }, {}, into);
      };
    },
  };
}
export type EmailVerifyMail = ReturnType<typeof createEmailVerifyMail>;
