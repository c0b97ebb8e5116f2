import { CHAT_TIMERS, USER_TOPIC } from "../../../../domain/chat";
import { localized } from "../../../../domain/localized";
import type { LearnerDigest, MentorDigest } from "../letters";
import type { ChatRow } from "../repo";
import { announceAssignment, assignInTx, assignTexts, availableMentors, chatSettings } from "./assign";
import type { ChatContext } from "./context";
import { readerLang, userName } from "./present";

export interface ChatJobsOutcome {
  /** Another instance held the jobs' lock: this round did nothing. */
  skipped: boolean;
  assigned: string[];
  reoffered: string[];
  learnerLetters: number;
  mentorLetters: number;
}

/**
 * The chat's periodic work, safe with several instances (one holds a transaction-scoped advisory
 * lock; rows are taken FOR UPDATE SKIP LOCKED): the bot assigns the chats it holds; chats waiting past
 * the leaders' time are offered to another available mentor; learners with replies unread for 15
 * minutes get one letter for all of them; mentors get one letter for their chats waiting too long.
 * Rows are marked in the transaction and letters go after the commit: a letter is sent at most once.
 */
export async function runChatJobs(ctx: ChatContext, now: Date = ctx.now()): Promise<ChatJobsOutcome> {
  const settings = await chatSettings(ctx);
  const texts = await assignTexts(ctx);
  const primary = await readerLang(ctx);
  const { langs } = await ctx.portalLangs();
  const minutes = (m: number) => new Date(now.getTime() - m * 60_000);

  const round = await ctx.repo.transaction(async (w) => {
    if (!(await w.tryJobLock())) return null;
    const assigned: ChatRow[] = [];
    for (const chat of await w.heldByBot(ctx.portalId)) {
      const [pick] = await availableMentors(w, ctx.portalId);
      if (!pick) break;
      assigned.push(await assignInTx(ctx, w, chat, pick, "assigned", now, texts));
    }
    const reoffered: ChatRow[] = [];
    for (const chat of await w.waitingSince(ctx.portalId, minutes(settings.reofferAfterMinutes))) {
      const pick = (await availableMentors(w, ctx.portalId)).find((p) => p.userId !== chat.mentorId);
      if (pick) reoffered.push(await assignInTx(ctx, w, chat, pick, "reoffered", now, texts));
    }

    // Learner digest: every unread reply older than 15 minutes, one letter per learner.
    const replies = await w.unreadReplies(ctx.portalId, new Date(now.getTime() - CHAT_TIMERS.learnerDigestAfterMs));
    await w.markEmailed(
      replies.map((r) => r.id),
      now,
    );
    await ctx.notifications.writes(w.tx).emailedBySource(
      replies.map((r) => r.id),
      now,
    );
    const people = new Map((await w.usersByIds([...new Set(replies.flatMap((r) => [r.studentId, r.authorId]))])).map((u) => [u.id, u]));
    const learnerLetters = new Map<string, LearnerDigest>();
    for (const r of replies) {
      const student = people.get(r.studentId);
      if (!student?.email) continue;
      const lang = r.lang && langs.includes(r.lang) ? r.lang : primary.lang;
      const profile = await w.profileOfUser(ctx.portalId, r.authorId);
      const letter = learnerLetters.get(r.studentId) ?? { to: student.email, lang, name: userName(student) || student.email, replies: [] };
      letter.replies.push({ mentor: profile ? localized(profile.names, lang, primary.primary) : userName(people.get(r.authorId)), text: r.text });
      learnerLetters.set(r.studentId, letter);
    }

    // Mentor digest: chats waiting past the leaders' time, once per waiting period, one letter per mentor.
    const waiting = await w.undigestedWaiting(ctx.portalId, minutes(settings.mentorDigestAfterMinutes));
    const mentorLetters = new Map<string, MentorDigest>();
    if (waiting.length) {
      const who = new Map((await w.usersByIds([...new Set(waiting.flatMap((c) => [c.studentId, c.mentorId!]))])).map((u) => [u.id, u]));
      for (const chat of waiting) {
        await w.updateChat(chat.id, { mentorDigestAt: now });
        const mentor = who.get(chat.mentorId!);
        if (!mentor?.email) continue;
        const profile = await w.profileOfUser(ctx.portalId, mentor.id);
        const letter = mentorLetters.get(mentor.id) ?? {
          to: mentor.email,
          lang: primary.lang,
          name: profile ? localized(profile.names, primary.lang, primary.primary) : userName(mentor),
          chats: [],
        };
        const student = who.get(chat.studentId);
        letter.chats.push({ student: userName(student) || student?.email || chat.studentId, waitingSince: chat.waitingSince! });
        mentorLetters.set(mentor.id, letter);
      }
    }
    return { assigned, reoffered, learnerLetters: [...learnerLetters.values()], mentorLetters: [...mentorLetters.values()] };
  });

  if (!round) return { skipped: true, assigned: [], reoffered: [], learnerLetters: 0, mentorLetters: 0 };
  const quietly = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      ctx.log.error({ err }, `chat jobs: ${what} failed`);
    }
  };
  for (const chat of [...round.assigned, ...round.reoffered]) {
    await quietly("announcing an assignment", async () => {
      await announceAssignment(ctx, chat);
      await ctx.bus.publish({ topic: USER_TOPIC(chat.studentId), kind: "unread", id: chat.id });
    });
  }
  const origin = ctx.origin();
  for (const letter of round.learnerLetters) await quietly("a learner digest", () => ctx.letters.learnerDigest(origin, letter));
  for (const letter of round.mentorLetters) await quietly("a mentor digest", () => ctx.letters.mentorDigest(origin, letter));
  return {
    skipped: false,
    assigned: round.assigned.map((c) => c.id),
    reoffered: round.reoffered.map((c) => c.id),
    learnerLetters: round.learnerLetters.length,
    mentorLetters: round.mentorLetters.length,
  };
}
