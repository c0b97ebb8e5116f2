import { describe, expect, it, vi } from "vitest";
import {
  errorCodeOf,
  RETRY_WAIT_DEFAULT_MS,
  RETRY_WAIT_MAX_MS,
  isOverloadRefusal,
  overloadRetryWait,
  retryAfterMs,
  retryOnceWhenOverloaded,
  retryWaitMs,
  safeToRepeat,
  type RefusalSignal,
} from "./overload-retry";

const OVERLOADED: RefusalSignal = { status: 503, code: "OVERLOADED", retryAfter: "5" };

describe("overload retry policy", () => {
  it("repeats reads always, writes only when idempotent by design", () => {
    expect(safeToRepeat({ method: "GET" })).toBe(true);
    expect(safeToRepeat({ method: "HEAD" })).toBe(true);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      expect(safeToRepeat({ method })).toBe(false);
      expect(safeToRepeat({ method, idempotent: true })).toBe(true);
    }
  });

  it("recognises the server's typed shedding and nothing else", () => {
    expect(isOverloadRefusal(OVERLOADED)).toBe(true);
    expect(isOverloadRefusal({ status: 503, code: "OVERLOADED" })).toBe(true);
    expect(isOverloadRefusal({ status: 503, retryAfter: "3" })).toBe(true);
    // A 503 that says nothing about coming back (a broken proxy) is no invitation to retry.
    expect(isOverloadRefusal({ status: 503 })).toBe(false);
    expect(isOverloadRefusal({ status: 503, code: "INTERNAL", retryAfter: "soon" })).toBe(false);
    expect(isOverloadRefusal({ status: 429, code: "RATE_LIMITED", retryAfter: "5" })).toBe(false);
    expect(isOverloadRefusal({ status: 500, code: "OVERLOADED", retryAfter: "5" })).toBe(false);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(retryAfterMs("5")).toBe(5000);
    expect(retryAfterMs(" 0 ")).toBe(0);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterMs("Thu, 01 Jan 2026 00:00:03 GMT", now)).toBe(3000);
    expect(retryAfterMs("Wed, 31 Dec 2025 00:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("-1")).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs(undefined)).toBeNull();
  });

  it("waits between half and all of Retry-After, never beyond the cap", () => {
    expect(retryWaitMs(OVERLOADED, () => 0)).toBe(2500);
    expect(retryWaitMs(OVERLOADED, () => 0.999999)).toBe(5000);
    expect(retryWaitMs({ status: 503, code: "OVERLOADED", retryAfter: "120" }, () => 1)).toBe(RETRY_WAIT_MAX_MS);
    expect(retryWaitMs({ status: 503, code: "OVERLOADED", retryAfter: "120" }, () => 0)).toBe(RETRY_WAIT_MAX_MS / 2);
    expect(retryWaitMs({ status: 503, code: "OVERLOADED" }, () => 1)).toBe(RETRY_WAIT_DEFAULT_MS);
  });

  it("spreads clients refused together over the window", () => {
    const waits = new Set([0, 0.25, 0.5, 0.75].map((r) => retryWaitMs(OVERLOADED, () => r)));
    expect(waits.size).toBe(4);
  });

  it("has no wait for a request that must not be retried", () => {
    expect(overloadRetryWait({ method: "POST" }, OVERLOADED)).toBeNull();
    expect(overloadRetryWait({ method: "GET" }, { status: 502 })).toBeNull();
    expect(overloadRetryWait({ method: "POST", idempotent: true }, OVERLOADED, () => 0)).toBe(2500);
  });
});

describe("retryOnceWhenOverloaded", () => {
  const run = (results: RefusalSignal[], request: Parameters<typeof retryOnceWhenOverloaded>[1]["request"]) => {
    const attempt = vi.fn(async () => results.shift() ?? { status: 200 });
    const sleep = vi.fn(async () => undefined);
    const onRetry = vi.fn();
    const answer = retryOnceWhenOverloaded(attempt, {
      request,
      refusalOf: (r) => (r.status === 200 ? null : r),
      sleep,
      random: () => 0.5,
      onRetry,
    });
    return { attempt, sleep, onRetry, answer };
  };

  it("answers the retry's result after one polite wait", async () => {
    const { attempt, sleep, onRetry, answer } = run([OVERLOADED], { method: "GET" });
    expect(await answer).toEqual({ status: 200 });
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(3750);
    expect(onRetry).toHaveBeenCalledWith(OVERLOADED, 3750);
  });

  it("retries exactly once: a second refusal is the answer", async () => {
    const { attempt, answer } = run([OVERLOADED, OVERLOADED, OVERLOADED], { method: "POST", idempotent: true });
    expect(await answer).toEqual(OVERLOADED);
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it("answers a non-idempotent write's refusal at once", async () => {
    const { attempt, sleep, answer } = run([OVERLOADED], { method: "POST" });
    expect(await answer).toEqual(OVERLOADED);
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it("does not retry other failures", async () => {
    const { attempt, answer } = run([{ status: 500, code: "INTERNAL" }], { method: "GET" });
    expect(await answer).toEqual({ status: 500, code: "INTERNAL" });
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it("gives up when the wait is cut short", async () => {
    const attempt = vi.fn(async () => OVERLOADED);
    const gone = new Error("aborted");
    const answer = retryOnceWhenOverloaded(attempt, { request: { method: "GET" }, refusalOf: (r) => r, sleep: () => Promise.reject(gone) });
    await expect(answer).rejects.toBe(gone);
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});

describe("errorCodeOf", () => {
  it("reads the code of our error body and nothing else", () => {
    expect(errorCodeOf(JSON.stringify({ error: { code: "OVERLOADED", message: "x" } }))).toBe("OVERLOADED");
    expect(errorCodeOf(JSON.stringify({ error: { code: 503 } }))).toBeUndefined();
    expect(errorCodeOf("<html>503</html>")).toBeUndefined();
    expect(errorCodeOf("null")).toBeUndefined();
  });
});
