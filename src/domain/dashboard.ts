import { z } from "zod";
import { CHAT_TIMERS } from "./chat-rules";
import { ZText } from "./validation/safe-text";

/**
 * The back office's dashboard (issue 16 "Numbers people look at", "Who needs help now"): the query,
 * the numbers it answers and the stuck-learner rules. Days are UTC calendar days; `from` and `to`
 * are both included.
 */
export const DASHBOARD_LIMITS = {
  /** The longest range one request may ask for. */
  maxRangeDays: 366,
  /** The default range: the last 30 days, today included. */
  defaultRangeDays: 30,
  /** "No progress for N days": the default N and its bounds. */
  stuckDaysDefault: 7,
  stuckDaysMax: 365,
  /** At most this many learners per stuck rule. */
  stuckRows: 50,
  /** A discussion question waits for a mentor past this; no promise of its own, so the chat's 24 hours. */
  promiseHours: CHAT_TIMERS.replyPromiseHours,
} as const;

const ZDay = ZText.regex(/^\d{4}-\d{2}-\d{2}$/, "Expected a date YYYY-MM-DD").refine((s) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}, "Not a calendar date");

const DAY_MS = 86_400_000;
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The range a request without one gets: the last 30 days up to `now`'s day. */
export function defaultRange(now: Date): { from: string; to: string } {
  return { from: dayOf(new Date(now.getTime() - (DASHBOARD_LIMITS.defaultRangeDays - 1) * DAY_MS)), to: dayOf(now) };
}

/** How many days from..to holds, both included. */
export const rangeDays = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

export const ZDashboardQuery = z
  .object({
    from: ZDay.optional(),
    to: ZDay.optional(),
    /** The course whose funnel is drawn; none: the portal's first course. */
    courseId: ZText.min(1).max(200).optional(),
    /** The reader's language (titles); none: the portal's primary one. */
    lang: ZText.regex(/^[a-z]{2,3}$/).optional(),
    stuckDays: z.coerce.number().int().min(1).max(DASHBOARD_LIMITS.stuckDaysMax).default(DASHBOARD_LIMITS.stuckDaysDefault),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    if (q.from > q.to) ctx.addIssue({ code: "custom", path: ["from"], message: "from must not be after to" });
    else if (rangeDays(q.from, q.to) > DASHBOARD_LIMITS.maxRangeDays)
      ctx.addIssue({ code: "custom", path: ["to"], message: `At most ${DASHBOARD_LIMITS.maxRangeDays} days` });
  });
export type TDashboardQuery = z.output<typeof ZDashboardQuery>;

export const STUCK_REASONS = ["no-progress", "failed-twice", "chat-unanswered", "discussion-unanswered"] as const;
export type TStuckReason = (typeof STUCK_REASONS)[number];

export const ZStuckLearner = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  reason: z.enum(STUCK_REASONS),
  /** Since when: the last progress, the second failure, the first unanswered message or the question. */
  since: z.string(),
  /** The course, test or discussion it is about (title in the reader's language), when there is one. */
  about: z.string().nullable(),
  /** The learner's chat, when one exists. */
  chatId: z.string().nullable(),
  /** The mentor holding that chat (user id), if any. */
  mentorId: z.string().nullable(),
});
export type TStuckLearner = z.infer<typeof ZStuckLearner>;

const ZCount = z.object({ key: z.string(), value: z.number().int() });

export const ZDashboard = z.object({
  from: z.string(),
  to: z.string(),
  stuckDays: z.number().int(),
  stuck: z.array(ZStuckLearner),
  mentors: z.array(z.object({ id: z.string(), name: z.string(), available: z.boolean() })),
  newLearners: z.array(z.object({ day: z.string(), count: z.number().int() })),
  courses: z.array(z.object({ courseId: z.string(), title: z.string(), enrolled: z.number().int(), completed: z.number().int() })),
  funnel: z.object({
    courseId: z.string().nullable(),
    title: z.string(),
    /** Of the learners who enrolled within the range: how many started and finished each visible element. */
    steps: z.array(z.object({ elementId: z.string(), title: z.string(), started: z.number().int(), finished: z.number().int() })),
  }),
  tests: z.array(z.object({ elementId: z.string(), title: z.string(), graded: z.number().int(), passed: z.number().int() })),
  revenue: z.array(z.object({ currency: z.string(), amountMinor: z.number().int(), orders: z.number().int() })),
  chat: z.object({
    answered: z.number().int(),
    withinPromise: z.number().int(),
    /** Minutes; null when nothing was answered in the range. */
    medianMinutes: z.number().nullable(),
    /** Open chats waiting longer than the promise now. */
    waitingOverPromise: z.number().int(),
    buckets: z.array(ZCount),
  }),
  discussions: z.array(z.object({ courseId: z.string(), title: z.string(), waiting: z.number().int(), overPromise: z.number().int() })),
});
export type TDashboard = z.infer<typeof ZDashboard>;

export const ZDashboardLang = z.object({ lang: ZText.regex(/^[a-z]{2,3}$/).optional() });
export const ZDashboardLearner = z.object({ userId: ZText.min(1).max(200) });
export const ZHandToMentor = z.object({ mentorProfileId: ZText.min(1).max(200) });
export const ZDashboardChat = z.object({ chatId: z.string(), path: z.string() });
