import type { FastifyInstance, FastifyRequest } from "fastify";
import fastifyRateLimit from "@fastify/rate-limit";

/** Attempts per window for each rate-limited route (per client address). */
export const RATE_LIMITS = {
  login: 10,
  register: 10,
  forgotPassword: 5,
  resetPassword: 10,
  session: 30,
  quickToken: 10,
  refresh: 60,
  /** New messenger sign-in codes per address (each is a row and a code to guess). */
  messengerConnect: 20,
  /** API requests that carry a creator preview secret, right or wrong, per address. */
  previewRequests: 60,
  /** Wrong creator preview secrets per address, counted by the courses service for the API and SSR alike. */
  previewGuesses: 10,
} as const;

/**
 * Limits apply only to routes that ask for them. The counter is keyed by client address and by the
 * route's own URL pattern, so `/login/`, `/LOGIN` or `/login?x` cannot reach a fresh counter: they
 * either hit the same route or no route at all. The realtime socket is never limited.
 */
export async function installRateLimit(app: FastifyInstance) {
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (req) => req.ip,
    errorResponseBuilder: (_req, ctx) => {
      const err = new Error(`Too many requests; retry in ${Math.ceil(ctx.ttl / 1000)} s`) as Error & { statusCode: number };
      err.statusCode = 429;
      return err;
    },
  });
}

/**
 * Route config for a per-address limit. `only`, when given, picks the requests that count (and may be
 * refused); the others pass untouched, e.g. only the requests that carry a preview secret.
 */
export function rateLimit(max: number, windowMs: number, only?: (req: FastifyRequest) => boolean) {
  return { rateLimit: { max, timeWindow: windowMs, ...(only ? { allowList: (req: FastifyRequest) => !only(req) } : {}) } };
}

/**
 * Failed attempts per key (a client address) in a fixed window, kept in this process: for guesses
 * that do not arrive through one API route, such as preview secrets tried on the API and on the SSR
 * preview page. `blocked` is asked before the attempt, `fail` after a wrong one.
 */
export function createFailureCounter(opts: { max: number; windowMs: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const counts = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const c = counts.get(key);
    if (c && c.until <= now()) counts.delete(key);
    return counts.get(key);
  };
  return {
    blocked(key: string): boolean {
      return (live(key)?.n ?? 0) >= opts.max;
    },
    fail(key: string): void {
      const c = live(key);
      if (c) c.n++;
      else counts.set(key, { n: 1, until: now() + opts.windowMs });
      // Keep the map small under a flood of addresses: drop expired entries now and then.
      if (counts.size > 10_000) for (const k of [...counts.keys()]) live(k);
      // Still too many: forget the oldest addresses first (a Map iterates in insertion order).
      for (const k of counts.keys()) {
        if (counts.size <= 10_000) break;
        counts.delete(k);
      }
    },
  };
}
export type FailureCounter = ReturnType<typeof createFailureCounter>;
