import { CHAT_TIMERS, USER_TOPIC } from "../../../../domain/chat";
import { localized } from "../../../../domain/localized";
import type { LearnerDigest, MentorDigest } from "../letters";
import type { ChatRow, ChatTx, JobCursor, ProfileRow } from "../repo";
import { announceAssignment, assignManyInTx, assignTexts, availableMentors, chatSettings, takeLeastLoaded } from "./assign";
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

/** Rows one batch of a round takes, each batch its own short transaction (PGlite: one session). */
export interface ChatJobBatches {
  /** Chats assigned from the bot or re-offered per batch: the same statements whatever the batch holds. */
  assign: number;
  /** Unread replies of the learners' digest per batch. */
  replies: number;
  /** Waiting chats of the mentors' digest per batch. */
  mentorDigest: number;
}
export const CHAT_JOB_BATCHES: ChatJobBatches = { assign: 200, replies: 500, mentorDigest: 500 };

/**
 * The chat's periodic work, safe with several instances: the bot assigns the chats it holds; chats
 * waiting past the leaders' time are offered to another available mentor; learners with replies
 * unread for 15 minutes get one letter for all of them; mentors get one letter for their chats
 * waiting too long. Each part goes in batches (`batches`), each its own short transaction that takes
 * the jobs' advisory lock, takes its rows FOR UPDATE SKIP LOCKED and writes them with one statement
 * per kind, with the event loop let go between batches: on PGlite, whose one session a transaction
 * holds, no request waits behind more than one batch (a round over thousands of rows held it ~10 s).
 * Rows are marked in the batches and letters are queued after the last one (a learner's replies
 * over several batches make one letter): a letter is sent at most once. The job queue gives a round
 * to one instance (docs/decisions/0070); the lock, taken by every batch, stops a round that outlasts
 * its slot once another instance's round holds it (what it marked still gets its letters).
 */
export async function runChatJobs(ctx: ChatContext, now: Date = ctx.now(), batches: Partial<ChatJobBatches> = {}): Promise<ChatJobsOutcome> {
  const size = { ...CHAT_JOB_BATCHES, ...batches };
  const settings = await chatSettings(ctx);
  const texts = await assignTexts(ctx);
  const primary = await readerLang(ctx);
  const { langs } = await ctx.portalLangs();
  const minutes = (m: number) => new Date(now.getTime() - m * 60_000);
  const round = jobRound(ctx);
  const quietly = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      ctx.log.error({ err }, `chat jobs: ${what} failed`);
    }
  };
  const announce = async (moved: ChatRow[]) => {
    for (const [i, chat] of moved.entries())
      await quietly("announcing an assignment", async () => {
        await letRequestsIn(i);
        await announceAssignment(ctx, chat, { mentorRecorded: true });
        await ctx.bus.publish({ topic: USER_TOPIC(chat.studentId), kind: "unread", id: chat.id });
      });
  };

  // The bot's chats, oldest first, to the least loaded available mentors; none available: the bot keeps them.
  const assigned: string[] = [];
  for (;;) {
    const done = await round.batch(async (w) => {
      const held = await w.heldByBot(ctx.portalId, size.assign);
      const load = held.length ? await availableMentors(w, ctx.portalId) : [];
      if (load.length === 0) return { last: true, moved: [] };
      const moves = held.map((chat) => ({ chat, profile: takeLeastLoaded(load, chat.mentorId)! }));
      return { last: held.length < size.assign, moved: await assignManyInTx(ctx, w, moves, "assigned", now, texts) };
    });
    if (!done) break;
    assigned.push(...done.value.moved.map((c) => c.id));
    await announce(done.value.moved);
    if (done.value.last) break;
  }
  if (round.skipped) return { skipped: true, assigned: [], reoffered: [], learnerLetters: 0, mentorLetters: 0 };

  // Chats waiting too long to another available mentor; one nobody else can take stays, the next batch starts past it.
  const reoffered: string[] = [];
  let after: JobCursor | undefined;
  for (;;) {
    const done = await round.batch(async (w) => {
      const waiting = await w.waitingSince(ctx.portalId, minutes(settings.reofferAfterMinutes), size.assign, after);
      const load = waiting.rows.length ? await availableMentors(w, ctx.portalId) : [];
      const moves = waiting.rows.flatMap((chat) => {
        const profile = takeLeastLoaded(load, chat.mentorId);
        return profile ? [{ chat, profile }] : [];
      });
      return { last: waiting.rows.length < size.assign, next: waiting.next, moved: await assignManyInTx(ctx, w, moves, "reoffered", now, texts) };
    });
    if (!done) break;
    reoffered.push(...done.value.moved.map((c) => c.id));
    await announce(done.value.moved);
    if (done.value.last) break;
    after = done.value.next;
  }

  const learnerLetters = await learnerDigests(ctx, round, now, { langs, ...primary }, size.replies);
  const mentorLetters = await mentorDigests(ctx, now, minutes(settings.mentorDigestAfterMinutes), primary, size.mentorDigest, round);
  const origin = ctx.origin();
  const sends = [
    ...learnerLetters.map((letter) => () => quietly("a learner digest", () => ctx.letters.learnerDigest(origin, letter))),
    ...mentorLetters.map((letter) => () => quietly("a mentor digest", () => ctx.letters.mentorDigest(origin, letter))),
  ];
  for (const [i, send] of sends.entries()) {
    await letRequestsIn(i);
    await send();
  }
  return { skipped: false, assigned, reoffered, learnerLetters: learnerLetters.length, mentorLetters: mentorLetters.length };
}

/**
 * Lets the event loop take waiting requests every few sends. PGlite answers a query without giving
 * the event loop a turn (its engine runs in this thread), so a loop of awaited sends — 10,000
 * learners' letters after a round — ran as one chain of microtasks and kept every request out for
 * 4.5 s at L3; between the round's batches it already gets its turn.
 */
const SENDS_BETWEEN_TURNS = 20;
async function letRequestsIn(i: number): Promise<void> {
  if (i > 0 && i % SENDS_BETWEEN_TURNS === 0) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** A round's batches: each one transaction under the jobs' lock, the event loop let go before the next. */
export interface JobRound {
  /** The batch's answer; null once the lock was lost (another instance's round): the round stops. */
  batch<T>(work: (w: ChatTx) => Promise<T>): Promise<{ value: T } | null>;
  /** The first batch did not get the lock: the round is another instance's. */
  readonly skipped: boolean;
}

export function jobRound(ctx: ChatContext): JobRound {
  let ran = 0;
  let lost = false;
  return {
    async batch(work) {
      if (lost) return null;
      if (ran++ > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const out = await ctx.repo.transaction(async (w) => ((await w.tryJobLock()) ? { value: await work(w) } : null));
      if (!out) lost = true;
      return out;
    },
    get skipped() {
      return lost && ran === 1;
    },
  };
}

/**
 * Learner digest: every unread reply older than 15 minutes, one letter per learner for all of them.
 * Replies go in batches of `batch` (marked, with their notifications, by one statement each); the
 * letters gather over the batches, so a learner whose replies fall in two batches gets one letter.
 */
async function learnerDigests(
  ctx: ChatContext,
  round: JobRound,
  now: Date,
  l: { langs: string[]; lang: string; primary: string },
  batch: number,
): Promise<LearnerDigest[]> {
  const cutoff = new Date(now.getTime() - CHAT_TIMERS.learnerDigestAfterMs);
  const letters = new Map<string, LearnerDigest>();
  const profiles = new Map<string, ProfileRow | null>();
  for (;;) {
    const done = await round.batch(async (w) => {
      const replies = await w.unreadReplies(ctx.portalId, cutoff, batch);
      if (replies.length === 0) return 0;
      const ids = replies.map((r) => r.id);
      await w.markEmailed(ids, now);
      await ctx.notifications.writes(w.tx).emailedBySource(ids, now);
      const people = new Map((await w.usersByIds([...new Set(replies.flatMap((r) => [r.studentId, r.authorId]))])).map((u) => [u.id, u]));
      const unknown = [...new Set(replies.map((r) => r.authorId))].filter((id) => !profiles.has(id));
      const found = await w.profilesOfUsers(ctx.portalId, unknown);
      for (const id of unknown) profiles.set(id, found.get(id) ?? null);
      for (const r of replies) {
        const student = people.get(r.studentId);
        if (!student?.email) continue;
        const lang = r.lang && l.langs.includes(r.lang) ? r.lang : l.lang;
        const profile = profiles.get(r.authorId);
        const letter = letters.get(r.studentId) ?? { to: student.email, lang, name: userName(student) || student.email, replies: [] };
        letter.replies.push({ mentor: profile ? localized(profile.names, letter.lang, l.primary) : userName(people.get(r.authorId)), text: r.text });
        letters.set(r.studentId, letter);
      }
      return replies.length;
    });
    if (!done || done.value < batch) break;
  }
  return [...letters.values()];
}

/**
 * Mentor digest: chats waiting since before `cutoff`, once per waiting period, one letter per mentor.
 * In batches of `batch` chats, each its own short transaction (rows taken FOR UPDATE SKIP LOCKED and
 * marked by one statement, their people and mentors' profiles read by one query each) with the event
 * loop let go between them: on PGlite, whose one session a transaction holds, thousands of waiting
 * chats never keep a request waiting behind the round.
 */
export async function mentorDigests(
  ctx: ChatContext,
  now: Date,
  cutoff: Date,
  primary: { lang: string; primary: string },
  batch = CHAT_JOB_BATCHES.mentorDigest,
  round: JobRound = jobRound(ctx),
): Promise<MentorDigest[]> {
  const letters = new Map<string, MentorDigest>();
  const names = new Map<string, string>();
  for (;;) {
    const done = await round.batch(async (w) => {
      const waiting = await w.undigestedWaiting(ctx.portalId, cutoff, batch);
      if (waiting.length === 0) return 0;
      await w.markMentorDigested(
        waiting.map((c) => c.id),
        now,
      );
      const who = new Map((await w.usersByIds([...new Set(waiting.flatMap((c) => [c.studentId, c.mentorId!]))])).map((u) => [u.id, u]));
      const unnamed = [...new Set(waiting.map((c) => c.mentorId!))].filter((id) => !names.has(id) && who.get(id)?.email);
      const profiles = await w.profilesOfUsers(ctx.portalId, unnamed);
      for (const id of unnamed) {
        const profile = profiles.get(id);
        names.set(id, profile ? localized(profile.names, primary.lang, primary.primary) : userName(who.get(id)));
      }
      for (const chat of waiting) {
        const mentor = who.get(chat.mentorId!);
        if (!mentor?.email) continue;
        const letter = letters.get(mentor.id) ?? { to: mentor.email, lang: primary.lang, name: names.get(mentor.id)!, chats: [] };
        const student = who.get(chat.studentId);
        letter.chats.push({ student: userName(student) || student?.email || chat.studentId, waitingSince: chat.waitingSince! });
        letters.set(mentor.id, letter);
      }
      return waiting.length;
    });
    if (!done || done.value < batch) break;
  }
  return [...letters.values()];
}
