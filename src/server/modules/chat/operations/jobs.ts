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
 * minutes get one letter for all of them; mentors get one letter for their chats waiting too long
 * (in batches after that transaction: mentorDigests). Rows are marked in the transactions and letters
 * are queued after the commits: a letter is sent at most once. The job queue gives a round to one
 * instance (docs/decisions/0070); the lock stays for a round that outlasts its slot.
 */
export async function runChatJobs(ctx: ChatContext, now: Date = ctx.now(), mentorDigestBatch = MENTOR_DIGEST_BATCH): Promise<ChatJobsOutcome> {
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
    const profiles = new Map<string, Awaited<ReturnType<typeof w.profileOfUser>>>();
    for (const r of replies) {
      const student = people.get(r.studentId);
      if (!student?.email) continue;
      const lang = r.lang && langs.includes(r.lang) ? r.lang : primary.lang;
      if (!profiles.has(r.authorId)) profiles.set(r.authorId, await w.profileOfUser(ctx.portalId, r.authorId));
      const profile = profiles.get(r.authorId);
      const letter = learnerLetters.get(r.studentId) ?? { to: student.email, lang, name: userName(student) || student.email, replies: [] };
      letter.replies.push({ mentor: profile ? localized(profile.names, lang, primary.primary) : userName(people.get(r.authorId)), text: r.text });
      learnerLetters.set(r.studentId, letter);
    }

    return { assigned, reoffered, learnerLetters: [...learnerLetters.values()] };
  });

  if (!round) return { skipped: true, assigned: [], reoffered: [], learnerLetters: 0, mentorLetters: 0 };
  const mentorLetters = await mentorDigests(ctx, now, minutes(settings.mentorDigestAfterMinutes), primary, mentorDigestBatch);
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
  for (const letter of mentorLetters) await quietly("a mentor digest", () => ctx.letters.mentorDigest(origin, letter));
  return {
    skipped: false,
    assigned: round.assigned.map((c) => c.id),
    reoffered: round.reoffered.map((c) => c.id),
    learnerLetters: round.learnerLetters.length,
    mentorLetters: mentorLetters.length,
  };
}

/** Chats the mentor digest marks in one transaction: one UPDATE each, short enough for PGlite's one session. */
export const MENTOR_DIGEST_BATCH = 500;

/**
 * Mentor digest: chats waiting since before `cutoff`, once per waiting period, one letter per mentor.
 * In batches of `batch` chats, each its own short transaction (rows taken FOR UPDATE SKIP LOCKED and
 * marked by one statement) with the event loop let go between them: on PGlite, whose one session a
 * transaction holds, thousands of waiting chats never keep a request waiting behind the round.
 */
export async function mentorDigests(
  ctx: ChatContext,
  now: Date,
  cutoff: Date,
  primary: { lang: string; primary: string },
  batch = MENTOR_DIGEST_BATCH,
): Promise<MentorDigest[]> {
  const letters = new Map<string, MentorDigest>();
  const names = new Map<string, string>();
  for (;;) {
    const size = await ctx.repo.transaction(async (w) => {
      const waiting = await w.undigestedWaiting(ctx.portalId, cutoff, batch);
      if (waiting.length === 0) return 0;
      await w.markMentorDigested(
        waiting.map((c) => c.id),
        now,
      );
      const who = new Map((await w.usersByIds([...new Set(waiting.flatMap((c) => [c.studentId, c.mentorId!]))])).map((u) => [u.id, u]));
      for (const chat of waiting) {
        const mentor = who.get(chat.mentorId!);
        if (!mentor?.email) continue;
        if (!names.has(mentor.id)) {
          const profile = await w.profileOfUser(ctx.portalId, mentor.id);
          names.set(mentor.id, profile ? localized(profile.names, primary.lang, primary.primary) : userName(mentor));
        }
        const letter = letters.get(mentor.id) ?? { to: mentor.email, lang: primary.lang, name: names.get(mentor.id)!, chats: [] };
        const student = who.get(chat.studentId);
        letter.chats.push({ student: userName(student) || student?.email || chat.studentId, waitingSince: chat.waitingSince! });
        letters.set(mentor.id, letter);
      }
      return waiting.length;
    });
    if (size < batch) break;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return [...letters.values()];
}
