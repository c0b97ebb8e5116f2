import type { FastifyInstance } from "fastify";
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

export function rateLimit(max: number, windowMs: number) {
  return { rateLimit: { max, timeWindow: windowMs } };
}

/**
 * A fixed-window counter per key (an account id) for limits the per-address plugin cannot express:
 * the plugin runs one limiter per request. In process, like the plugin's own store (shared counters
 * come with the scale-out work). `hit` throws RATE_LIMITED (429) once `max` is used up.
 */
export function createKeyedLimiter(max: number, windowMs: number) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key: string): void {
      const now = Date.now();
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
      }
      let w = windows.get(key);
      if (!w || now - w.start >= windowMs) {
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      w.count++;
      if (w.count > max) throw new AppError("RATE_LIMITED", `Too many requests for this account; retry in ${Math.ceil((w.start + windowMs - now) / 1000)} s`);
    },
  };
}
