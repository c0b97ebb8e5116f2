import { z } from "zod";

/**
 * The back office's failed letters (issue 29 §6, docs/decisions/0073): letters over SMTP that used up
 * their tries, read from the job queue. The letter's body is never shown: it may hold a sign-in or
 * reset link that only its recipient may use.
 */
export const ZLetterId = z.uuid();

export const ZFailedLetter = z.object({
  id: ZLetterId,
  to: z.string(),
  subject: z.string(),
  /** When the letter was queued and when its last try failed (ISO instants). */
  queuedAt: z.string(),
  failedAt: z.string().nullable(),
  /** Tries made: the first and its retries. */
  tries: z.number().int(),
  /** The mail server's (or the connection's) answer to the last try. */
  lastError: z.string().nullable(),
});
export type TFailedLetter = z.infer<typeof ZFailedLetter>;

export const LETTERS_PAGE_SIZE = 25;

export const ZFailedLetterQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(LETTERS_PAGE_SIZE),
  /** The id of the last letter of the previous page (newest failure first). */
  after: ZLetterId.optional(),
});

export const ZFailedLetterList = z.object({
  letters: z.array(ZFailedLetter),
  next: z.string().nullable(),
  /** This portal's letters waiting for a try (new or to be retried) and failed for good. */
  counts: z.object({ waiting: z.number().int(), failed: z.number().int() }),
});
export type TFailedLetterList = z.infer<typeof ZFailedLetterList>;

export const ZLetterRetried = z.object({ id: ZLetterId, state: z.literal("queued") });
