import { AppError } from "../../../domain/errors";
import type { TFailedLetterList } from "../../../domain/letter-admin";
import { mayAuthorPortalSettings } from "../../../domain/studio-policy";
import type { TUser } from "../../../domain/user";
import type { JobQueue } from "../../platform/jobs/queue";
import type { QueuedLetter } from "../../platform/letter-queue";

/** The back office's rule (issue 16): portal admins and mp-admin; everyone else 403 ADMINS-ONLY. */
export function mayManageLetters(user: Pick<TUser, "id" | "status" | "roles">): boolean {
  return mayAuthorPortalSettings(user);
}

function admin(user: TUser) {
  if (!mayManageLetters(user)) throw new AppError("ADMINS_ONLY", "Only portal admins and mp-admin see the failed letters");
}

/**
 * The letters over SMTP that failed for good (issue 29 §6, docs/decisions/0073), this portal's only:
 * listed from the job queue, newest failure first, and queued again one at a time. The body is not
 * shown (it may carry a reset or sign-in link meant for the recipient alone).
 */
export function createLettersService({ jobs, environmentId, queued }: { jobs: JobQueue; environmentId: string; queued: boolean }) {
  const mine = { environmentId };
  const none = { letters: [], next: null, counts: { waiting: 0, failed: 0 } };
  return {
    async failed(user: TUser, q: { limit: number; after?: string }): Promise<TFailedLetterList> {
      admin(user);
      // The outbox (no SMTP) keeps every letter at once: nothing waits or fails, and the queue is left alone.
      if (!queued) return none;
      if (q.after && !(await jobs.stateOf("letter", q.after, mine))) throw new AppError("LETTER_NOT_FOUND", `No letter ${q.after}`);
      const [rows, counts] = await Promise.all([
        jobs.failedJobs<QueuedLetter>("letter", { match: mine, after: q.after, limit: q.limit + 1 }),
        jobs.countsOf("letter", mine),
      ]);
      const page = rows.slice(0, q.limit);
      return {
        letters: page.map((r) => ({
          id: r.id,
          to: r.data.to,
          subject: r.data.subject,
          queuedAt: r.createdOn.toISOString(),
          failedAt: r.completedOn?.toISOString() ?? null,
          tries: r.retryCount + 1,
          lastError: r.error,
        })),
        next: rows.length > q.limit ? page.at(-1)!.id : null,
        counts: { waiting: counts.queued, failed: counts.failed },
      };
    },

    /** One more try for a failed letter; a letter waiting, sent or queued again already is left alone (409), so it is never sent twice. */
    async retry(user: TUser, id: string): Promise<{ id: string; state: "queued" }> {
      admin(user);
      if (!queued) throw new AppError("LETTER_NOT_FOUND", `No letter ${id}`);
      const state = await jobs.stateOf("letter", id, mine);
      if (!state) throw new AppError("LETTER_NOT_FOUND", `No letter ${id}`);
      if (state !== "failed" || !(await jobs.retry("letter", id))) throw new AppError("LETTER_NOT_FAILED", `Letter ${id} is ${state}, not failed`);
      return { id, state: "queued" };
    },
  };
}
export type LettersService = ReturnType<typeof createLettersService>;
