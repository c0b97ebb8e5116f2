import { EventEmitter } from "node:events";
import type { JobQueue } from "./queue";

/** What this process's letter worker did; a metrics exporter reads these or listens to `jobEvents`. */
const letters = { sent: 0, failed: 0 };

/**
 * "letter-sent" ({ id }) and "letter-failed" ({ id, error }, a letter that used up its tries) as they
 * happen in this process, for whoever hooks metrics or alerts to them.
 */
export const jobEvents = new EventEmitter();

export function countLetterSent(id: string): void {
  letters.sent++;
  jobEvents.emit("letter-sent", { id });
}

export function countLetterFailed(id: string, error: string): void {
  letters.failed++;
  jobEvents.emit("letter-failed", { id, error });
}

export interface JobStats {
  /** Jobs of every queue waiting to run (new or to be retried), across instances. */
  queued: number;
  /** Jobs of every queue that used up their tries, across instances (until the queue archives them). */
  failed: number;
  /** Letters this process handed to the mail server since it started. */
  sentLetters: number;
  /** Letters this process gave up on since it started. */
  failedLetters: number;
}

/** The queue's numbers in one object (docs/decisions/0070). */
export async function jobStats(queue: JobQueue): Promise<JobStats> {
  const counts = Object.values(await queue.counts());
  return {
    queued: counts.reduce((n, c) => n + c.queued, 0),
    failed: counts.reduce((n, c) => n + c.failed, 0),
    sentLetters: letters.sent,
    failedLetters: letters.failed,
  };
}
