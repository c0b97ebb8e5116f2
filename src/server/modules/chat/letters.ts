import { formatDate } from "../../../domain/locale";
import { type LetterDeps, type LetterTexts, mailPack, sendLetter } from "../../platform/letters";

/** This module's server-side texts in the mail pack (system messages render in the reader's language). */
export interface ChatMailPack {
  chat: {
    systemName: string;
    system: Record<string, string>;
    learnerDigest: LetterTexts;
    mentorDigest: LetterTexts;
  };
}

export interface LearnerDigest {
  to: string;
  lang: string;
  name: string;
  /** Each unread reply: who wrote it and what. */
  replies: Array<{ mentor: string; text: string }>;
}

export interface MentorDigest {
  to: string;
  lang: string;
  name: string;
  chats: Array<{ student: string; waitingSince: Date }>;
}

/** A list in a letter: one line per item (the html part keeps the lines). */
const lines = (items: string[]) => items.join("\n");

/**
 * Chat letters (issue 12): one letter per learner for every reply unread after 15 minutes, and one
 * per mentor for every chat waiting longer than the leaders' time. Links go to `origin`.
 */
export function createChatLetters(deps: Pick<LetterDeps, "mailer" | "packs">) {
  return {
    async learnerDigest(origin: string, d: LearnerDigest): Promise<void> {
      const pack = (await mailPack<ChatMailPack>(deps.packs, d.lang)).chat;
      await sendLetter(deps.mailer, d.to, pack.learnerDigest, {
        name: d.name,
        count: String(d.replies.length),
        replies: lines(d.replies.map((r) => `${r.mentor}: ${r.text}`)),
        link: `${origin}/${d.lang}/?chat=open`,
      });
    },
    async mentorDigest(origin: string, d: MentorDigest): Promise<void> {
      const pack = (await mailPack<ChatMailPack>(deps.packs, d.lang)).chat;
      await sendLetter(deps.mailer, d.to, pack.mentorDigest, {
        name: d.name,
        count: String(d.chats.length),
        chats: lines(d.chats.map((c) => `${c.student} (${formatDate(c.waitingSince, d.lang)})`)),
        link: `${origin}/${d.lang}/mentor/`,
      });
    },
  };
}
export type ChatLetters = ReturnType<typeof createChatLetters>;
