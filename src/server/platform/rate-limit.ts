import type { FastifyInstance } from "fastify";
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
