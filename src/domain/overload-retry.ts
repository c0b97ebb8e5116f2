/**
 * How a client answers the server's typed refusal under overload (issue 31): a 503 OVERLOADED (or any
 * 503 that says when to come back with `Retry-After`) is asked again exactly once, after the wait the
 * server asked for, capped and spread with jitter so refused clients do not all return together.
 * Only requests that are safe to repeat are repeated: reads, and writes that are idempotent by design
 * (a chat send carries its client-made id, which the server deduplicates). Any other write gets the
 * typed error at once and the screen keeps what the person typed (docs/decisions/0078-one-retry-after-overload.md).
 *
 * Shared by the web client (src/web/lib/api.ts) and the bench's senders, so both behave the same. The
 * wait is injected: this file does no I/O.
 */

/** The longest wait before the one retry, whatever Retry-After says. */
export const RETRY_WAIT_MAX_MS = 5_000;
/** The wait when a 503 OVERLOADED names none (or one that cannot be read). */
export const RETRY_WAIT_DEFAULT_MS = 2_000;

export type RetryMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RetryableRequest {
  method: RetryMethod;
  /** A write the server makes harmless to repeat (e.g. a client-made id it deduplicates). */
  idempotent?: boolean;
}

export interface RefusalSignal {
  status: number;
  /** Our error body's code, when the reply had one. */
  code?: string;
  /** The reply's Retry-After header as sent. */
  retryAfter?: string | null;
}

/** Whether the request may be sent again without a second effect. */
export function safeToRepeat(req: RetryableRequest): boolean {
  return req.method === "GET" || req.method === "HEAD" || req.idempotent === true;
}

/** Retry-After in ms (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number = Date.now()): number | null {
  if (header == null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its day ("Thu, 01 Jan 2026 ..."); Date.parse would also take "-1" as a year.
  const at = /^[A-Za-z]{3},/.test(value) ? Date.parse(value) : NaN;
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The server's typed shedding: a 503 OVERLOADED, or a 503 that says when to come back. */
export function isOverloadRefusal(reply: RefusalSignal): boolean {
  return reply.status === 503 && (reply.code === "OVERLOADED" || retryAfterMs(reply.retryAfter) !== null);
}

/**
 * The wait before the one retry, in ms: the server's Retry-After capped at RETRY_WAIT_MAX_MS, then
 * "equal jitter" (half of it fixed, half random), so a crowd refused together comes back spread over
 * the second half of the window, never later than the cap.
 */
export function retryWaitMs(reply: RefusalSignal, random: () => number = Math.random, now: number = Date.now()): number {
  const asked = retryAfterMs(reply.retryAfter, now) ?? RETRY_WAIT_DEFAULT_MS;
  const base = Math.min(asked, RETRY_WAIT_MAX_MS);
  return Math.round(base / 2 + random() * (base / 2));
}

/** The wait before retrying `req` after `reply`, or null when it must not be retried. */
export function overloadRetryWait(req: RetryableRequest, reply: RefusalSignal, random: () => number = Math.random): number | null {
  return isOverloadRefusal(reply) && safeToRepeat(req) ? retryWaitMs(reply, random) : null;
}

export interface RetryOnceOptions<R> {
  request: RetryableRequest;
  /** What a result says about the server's refusal; null for a result that is no refusal. */
  refusalOf(result: R): RefusalSignal | null;
  /** Waits `ms`; rejects (and so ends the attempt) when the caller gave up meanwhile. */
  sleep(ms: number): Promise<void>;
  random?: () => number;
  /** Told of each retry about to be made (a bench counts them). */
  onRetry?(refusal: RefusalSignal, waitMs: number): void;
}

/**
 * Runs `attempt`; when its result is an overload refusal and the request is safe to repeat, waits and
 * runs it once more. The second result is the answer, refusal or not: never a third attempt.
 */
export async function retryOnceWhenOverloaded<R>(attempt: () => Promise<R>, opts: RetryOnceOptions<R>): Promise<R> {
  const first = await attempt();
  const refusal = opts.refusalOf(first);
  if (!refusal) return first;
  const wait = overloadRetryWait(opts.request, refusal, opts.random);
  if (wait === null) return first;
  opts.onRetry?.(refusal, wait);
  await opts.sleep(wait);
  return attempt();
}

/** The code of our error body (`{ error: { code } }`), read without a schema; undefined for any other body. */
export function errorCodeOf(text: string): string | undefined {
  try {
    const code = (JSON.parse(text) as { error?: { code?: unknown } } | null)?.error?.code;
    return typeof code === "string" ? code : undefined;
  } catch {
    return undefined;
  }
}
