import { randomUUID } from "node:crypto";
import type { JobLog, JobQueue } from "./jobs/queue";
import { countLetterFailed, countLetterSent } from "./jobs/stats";
import type { Mail, Mailer } from "./mail";

export interface LetterRetry {
  /** Tries after the first; then the letter counts as failed. */
  limit: number;
  /** Seconds before the first retry, doubled for each one after it. */
  delaySeconds: number;
}

/**
 * Letters over SMTP go through the job queue (docs/decisions/0070): `send` only puts the letter on
 * it, so a mail server that is down delays a letter instead of losing it, and a worker hands it to
 * SMTP, retrying with backoff. The letter's send key is the job's id: queued twice, kept once; sent
 * once, the job is done. The outbox kind writes to the database at once: there is nothing to retry.
 */
export function queuedMailer(transport: Mailer, queue: JobQueue, retry: LetterRetry, environmentId: string): Mailer {
  if (transport.kind !== "smtp") return transport;
  return {
    kind: transport.kind,
    async send(mail, into) {
      const key = mail.key ?? randomUUID();
      // The portal's id goes with the letter: the back office lists its own portal's failed letters only.
      await queue.send<QueuedLetter>(
        "letter",
        { ...mail, key, environmentId },
        { id: key, retryLimit: retry.limit, retryDelaySeconds: retry.delaySeconds, tx: into?.tx },
      );
    },
    outbox: (limit) => transport.outbox(limit),
  };
}

/** A letter as the queue keeps it: the letter and the portal it is of. */
export type QueuedLetter = Mail & { environmentId?: string };

/** What the letter worker tells the app's metrics: a letter sent, a try failed (`final`: its last). */
export interface LetterOutcomes {
  sent(): void;
  failed(final: boolean): void;
}

/** This instance's letter worker: one try per job; the try after the last failed one logs and counts it. */
export function workLetters(queue: JobQueue, transport: Mailer, log: JobLog, outcomes?: LetterOutcomes): void {
  if (transport.kind !== "smtp") return;
  queue.work<QueuedLetter>("letter", async (job) => {
    try {
      const { environmentId: _portal, ...mail } = job.data;
      await transport.send(mail);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (job.retryCount >= job.retryLimit) {
        log.error({ err, letter: job.id, tries: job.retryCount + 1 }, "letter failed for good");
        countLetterFailed(job.id, message);
        outcomes?.failed(true);
      } else {
        outcomes?.failed(false);
        log.warn({ err, letter: job.id, tries: job.retryCount + 1 }, "letter not sent, will retry");
      }
      throw err;
    }
    countLetterSent(job.id);
    outcomes?.sent();
  });
}
