import type { FastifyInstance, FastifyRequest } from "fastify";
import fastifyRateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit";
import { lte, sql } from "drizzle-orm";
import { AppError } from "../../domain/errors";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema/rate-limits";

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

/** How often, at most, a counting instance deletes the rows of ended windows. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Rate-limit counters in the database, shared by every instance on it (docs/decisions/0028): a fixed
 * window per key, opened by its first hit. One atomic upsert per counted request, so two instances
 * that count the same key at once both see the sum. Time is this process's clock (`now`), which
 * tests may set; instances are assumed to keep their clocks in step (NTP), a skew only moves a
 * window's end by as much.
 */
export interface RateLimitStore {
  /** Counts one hit of `key` in its window (a new window when there is none or it has ended). */
  hit(key: string, windowMs: number): Promise<{ hits: number; resetsInMs: number }>;
  /** The hits of `key` in its current window, without counting one; 0 when it has none. */
  count(key: string): Promise<number>;
  /** Deletes the rows of ended windows (hits also do it, at most every SWEEP_EVERY_MS). */
  sweep(): Promise<void>;
  now(): number;
}

export function createRateLimitStore(db: Db, opts: { now?: () => number; sweepEveryMs?: number } = {}): RateLimitStore {
  const now = opts.now ?? Date.now;
  const sweepEveryMs = opts.sweepEveryMs ?? SWEEP_EVERY_MS;
  let lastSweep = now();
  const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

  async function sweep(): Promise<void> {
    lastSweep = now();
    await db.delete(rateLimits).where(lte(rateLimits.resetsAt, new Date(now())));
  }

  return {
    now,
    sweep,
    async hit(key, windowMs) {
      const t = now();
      const ended = sql`${rateLimits.resetsAt} <= ${at(t)}`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, hits: 1, resetsAt: new Date(t + windowMs) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${ended} then 1 else ${rateLimits.hits} + 1 end`,
            resetsAt: sql`case when ${ended} then excluded.resets_at else ${rateLimits.resetsAt} end`,
          },
        })
        .returning();
      if (t - lastSweep >= sweepEveryMs) {
        // In the background: a failed sweep is retried by a later hit, and never fails this request.
        sweep().catch((e: unknown) => console.warn(`mentora: sweeping ended rate-limit windows failed: ${(e as Error).message}`));
      }
      return { hits: row.hits, resetsInMs: Math.max(0, row.resetsAt.getTime() - t) };
    },
    async count(key) {
      const [row] = await db
        .select({ hits: rateLimits.hits })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetsAt} > ${at(now())}`)
        .limit(1);
      return row?.hits ?? 0;
    },
  };
}

/** What @fastify/rate-limit hands `child()` at run time: the merged route options with the route itself. */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * The plugin's store over the shared counters. The plugin makes one child per limited route; each
 * child counts under `route:<METHOD><url pattern>:<client address>`, the same keying as the plugin's
 * own per-route memory stores: a route's counter is its own, and `/login/` or `/LOGIN?x` reach the
 * same route or none.
 */
function pluginStore(store: RateLimitStore) {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === "string" ? prefix : "route:*:";
    }
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number): void {
      if (timeWindow === undefined) return callback(new Error("rate limit without a time window"));
      store.hit(this.prefix + key, timeWindow).then(
        (r) => callback(null, { current: r.hits, ttl: r.resetsInMs }),
        (e: unknown) => callback(e as Error),
      );
    }
    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      const route = (routeOptions as unknown as ChildOptions).routeInfo ?? {};
      const method = Array.isArray(route.method) ? route.method.join(",") : (route.method ?? "");
      return new SharedRateLimitStore(`route:${method}${route.url ?? ""}:`);
    }
  };
}

/**
 * Limits apply only to routes that ask for them. The counter is keyed by client address and by the
 * route's own URL pattern, so `/login/`, `/LOGIN` or `/login?x` cannot reach a fresh counter: they
 * either hit the same route or no route at all. The realtime socket is never limited. Counters are
 * shared by every instance on the database.
 */
export async function installRateLimit(app: FastifyInstance, store: RateLimitStore) {
  await app.register(fastifyRateLimit, {
    global: false,
    store: pluginStore(store),
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
 * A fixed-window counter per key (an account id, a client address) over the shared counters, for
 * limits the per-address, per-route plugin cannot express: per account, or guesses that arrive
 * through both the API and SSR (preview secrets). `name` keeps its keys apart from every other
 * counter's. `hit` counts and throws RATE_LIMITED (429) past `max`; `blocked` asks before an attempt
 * and `fail` counts a wrong one.
 */
export function createWindowCounter(store: RateLimitStore, opts: { name: string; max: number; windowMs: number }) {
  const key = (k: string) => `${opts.name}:${k}`;
  return {
    blocked: async (k: string): Promise<boolean> => (await store.count(key(k))) >= opts.max,
    fail: async (k: string): Promise<void> => void (await store.hit(key(k), opts.windowMs)),
    async hit(k: string): Promise<void> {
      const r = await store.hit(key(k), opts.windowMs);
      if (r.hits > opts.max) throw new AppError("RATE_LIMITED", `Too many requests for this account; retry in ${Math.ceil(r.resetsInMs / 1000)} s`);
    },
  };
}
export type WindowCounter = ReturnType<typeof createWindowCounter>;
