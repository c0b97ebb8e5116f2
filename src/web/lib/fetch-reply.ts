import { errorCodeOf, type RefusalSignal, type RetryMethod, retryOnceWhenOverloaded } from "../../domain/overload-retry";

/**
 * Every browser call to our API goes through here (apiRequest and the lean unread checks): one fetch
 * whose body is read to the end (an unread body keeps a no-store response open), asked once more
 * after a typed 503 when the request is safe to repeat (src/domain/overload-retry.ts). A leaf without
 * zod, so the unread checks on every page stay light (docs/decisions/0020-lean-client.md).
 */

export interface Reply {
  res: Response;
  text: string;
}

export interface FetchReplyOptions {
  method: RetryMethod;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** A write the server deduplicates (e.g. a chat send with its client-made id): retried like a read. */
  idempotent?: boolean;
}

export function refusalOf({ res, text }: Reply): RefusalSignal | null {
  return res.status === 503 ? { status: 503, code: errorCodeOf(text), retryAfter: res.headers.get("retry-after") } : null;
}

/** Waits `ms`, or rejects with the signal's reason as soon as the caller aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** The reply, after at most one polite retry; throws what fetch throws (no reply, or aborted). */
export function fetchReply(url: string, opts: FetchReplyOptions): Promise<Reply> {
  const { method, headers, body, signal, idempotent } = opts;
  const attempt = async (): Promise<Reply> => {
    const res = await fetch(url, { method, headers, body, signal });
    return { res, text: await res.text() };
  };
  return retryOnceWhenOverloaded(attempt, { request: { method, idempotent }, refusalOf, sleep: (ms) => abortableSleep(ms, signal) });
}
