import { CHAT_TIMERS } from "../../../domain/chat-rules";

/**
 * How long a learner has waited for an answer, against the portal's promise (seed 000 §9 "Chat
 * replies are promised within 24 hours"). Pure, so the inbox list, the side panel and the tests agree.
 */

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** Past this share of the promise a chat is urgent: 20 h of 24 h, time left to answer in a working day. */
export const URGENT_AFTER_HOURS = 20;

export type WaitLevel = "calm" | "urgent" | "overdue";

export interface WaitState {
  level: WaitLevel;
  /** Whole minutes waited (never negative: a clock ahead of the server's is not "waiting -2 min"). */
  minutes: number;
  /** The translation key (mentor pack) and its values, e.g. "Waiting 3 h of 24 h". */
  key: "wait.minutes" | "wait.hours" | "wait.overdue";
  values: { minutes?: number; hours?: number; promise: number };
}

/** Null when nothing waits (the learner's last message was answered). */
export function waitState(waitingSince: string | null, now: number, promiseHours: number = CHAT_TIMERS.replyPromiseHours): WaitState | null {
  if (!waitingSince) return null;
  const since = Date.parse(waitingSince);
  if (Number.isNaN(since)) return null;
  const waited = Math.max(0, now - since);
  const minutes = Math.floor(waited / MINUTE_MS);
  const hours = Math.floor(waited / HOUR_MS);
  const promise = promiseHours;
  const level: WaitLevel = waited >= promise * HOUR_MS ? "overdue" : waited >= Math.min(URGENT_AFTER_HOURS, promise) * HOUR_MS ? "urgent" : "calm";
  if (level === "overdue") return { level, minutes, key: "wait.overdue", values: { hours: hours - promise, promise } };
  if (hours < 1) return { level, minutes, key: "wait.minutes", values: { minutes, promise } };
  return { level, minutes, key: "wait.hours", values: { hours, promise } };
}

/** How often the shown waiting time needs redrawing: every minute in the first hour, then every few. */
export function waitTickMs(state: WaitState | null): number | null {
  if (!state) return null;
  return state.minutes < 60 ? MINUTE_MS : 5 * MINUTE_MS;
}
