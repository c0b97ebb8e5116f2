import type { FastifyInstance, FastifyRequest } from "fastify";
import fastifyRateLimit from "@fastify/rate-limit";
import { AppError } from "../../domain/errors";

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
  /** Profile writes per address; each account also has PER_ACCOUNT_LIMITS.profile. */
  profile: 20,
  /** Opening e-mail verification links (each a guess at a token). */
  verifyEmail: 10,
  /** Verification letters asked for again, per address; each account also has PER_ACCOUNT_LIMITS.verifyResend. */
  verifyResend: 3,
  /** API requests that carry a creator preview secret, right or wrong, per address. */
  previewRequests: 60,
  /** Wrong creator preview secrets per address, counted by the courses service for the API and SSR alike. */
  previewGuesses: 10,
} as const;

/** Attempts per window counted per account: a new address or a fresh anonymous session is no way around them. */
export const PER_ACCOUNT_LIMITS = {
  profile: 10,
  verifyResend: 3,
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
 * A fixed-window counter per key (an account id, a client address), kept in this process like the
 * plugin's own store (shared counters come with the scale-out work). For limits the per-address,
 * per-route plugin cannot express: per account, or guesses that arrive through both the API and SSR
 * (preview secrets). `hit` counts and throws RATE_LIMITED (429) past `max`; `blocked` asks before an
 * attempt and `fail` counts a wrong one.
 */
export function createWindowCounter(opts: { max: number; windowMs: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const counts = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const c = counts.get(key);
    if (c && c.until <= now()) counts.delete(key);
    return counts.get(key);
  };
  const add = (key: string): number => {
    const c = live(key);
    if (c) c.n++;
    else counts.set(key, { n: 1, until: now() + opts.windowMs });
    // Keep the map small under a flood of keys: drop expired entries, then the oldest (insertion order).
    if (counts.size > 10_000) for (const k of [...counts.keys()]) live(k);
    for (const k of counts.keys()) {
      if (counts.size <= 10_000) break;
      counts.delete(k);
    }
    return live(key)?.n ?? 1;
  };
  return {
    blocked: (key: string): boolean => (live(key)?.n ?? 0) >= opts.max,
    fail: (key: string): void => void add(key),
    hit(key: string): void {
      if (add(key) > opts.max) {
        const retry = Math.ceil(((live(key)?.until ?? now()) - now()) / 1000);
        throw new AppError("RATE_LIMITED", `Too many requests for this account; retry in ${retry} s`);
      }
    },
  };
}
export type WindowCounter = ReturnType<typeof createWindowCounter>;
