import type { FastifyRequest } from "fastify";
import { type LetterDeps, type LetterTexts, letterLanguage, mailPack, sendLetter } from "../../platform/letters";
import type { EmailVerificationLetter } from "./service";

/**
 * E-mail verification letters (docs/decisions/0012): a `?emailtoken=` link to our own origin in the
 * learner's language (`website` or `lang` only choose the language), or, for an address another
 * account holds, a notice without any link.
 */
export function createEmailVerifyMail(deps: LetterDeps) {
  return {
    async send(req: FastifyRequest, letter: EmailVerificationLetter, hint: { website?: string; lang?: string } = {}) {
      const lang = await letterLanguage(deps.portalLangs, hint);
      const pack = await mailPack<{ verify: LetterTexts; emailTaken: LetterTexts }>(deps.packs, lang);
      const origin = deps.publicOrigin(req);
      const name = letter.user.fullName || letter.to;
      if (letter.kind === "taken") {
        await sendLetter(deps.mailer, letter.to, pack.emailTaken, { name, email: letter.to, link: `${origin}/${lang}/` });
        return;
      }
      const link = `${origin}/${lang}/?emailtoken=${encodeURIComponent(letter.token)}`;
      await sendLetter(deps.mailer, letter.to, pack.verify, { name, email: letter.to, link });
    },
  };
}
export type EmailVerifyMail = ReturnType<typeof createEmailVerifyMail>;
