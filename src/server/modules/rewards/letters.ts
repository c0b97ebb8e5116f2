import type { TReceivedGift } from "../../../domain/rewards";
import { type LetterDeps, type LetterTexts, mailPack, sendLetter } from "../../platform/letters";

interface RewardsMailPack {
  completionGift: LetterTexts;
}

/** The letter that brings a completion gift, in the language the learner asked in. */
export function createRewardLetters(deps: Pick<LetterDeps, "mailer" | "packs">, origin: () => string) {
  return {
    async gift(to: string, name: string, gift: TReceivedGift, lang: string): Promise<void> {
      const pack = await mailPack<RewardsMailPack>(deps.packs, lang);
      const link = gift.link.startsWith("/") ? `${origin()}${gift.link}` : gift.link;
      await sendLetter(deps.mailer, to, pack.completionGift, {
        name,
        course: gift.courseTitle,
        gift: gift.title,
        link,
        profile: `${origin()}/${lang}/profile`,
      });
    },
  };
}
