import type { TUser } from "../../../domain/user";
import type { Bus } from "../../platform/bus";
import { createBusCache } from "../../platform/bus-cache";

/** Accounts kept per instance: the signed-in users of the last minutes, not everyone. */
export const USER_CACHE_MAX = 5_000;
/**
 * How long an entry serves without an event. Every write through the users service tells every
 * instance at once; this bounds how long a change made behind the app's back (SQL by hand) goes unseen.
 */
export const USER_CACHE_MAX_AGE_MS = 60_000;

/**
 * The accounts requests are made by, as session checks present them, kept in memory so a signed-in
 * request needs no read of its user (docs/decisions/0029). An entry goes when the account changes: at
 * once on this instance (`invalidate`, called by the write), and on every instance when the bus
 * carries `user:{id}` (`changed` or `revoked`). An account that does not exist is not kept.
 */
export function createUserCache(deps: {
  load: (id: string) => Promise<TUser | null>;
  bus: Pick<Bus, "subscribe" | "onLost" | "onResync">;
  max?: number;
  maxAgeMs?: number;
  now?: () => number;
}) {
  const cache = createBusCache<TUser | null>({
    prefix: "user:",
    bus: deps.bus,
    max: deps.max ?? USER_CACHE_MAX,
    maxAgeMs: deps.maxAgeMs ?? USER_CACHE_MAX_AGE_MS,
    now: deps.now,
    keep: (user) => user !== null,
  });
  return {
    invalidate: cache.invalidate,
    /** The account, from memory when it is there; concurrent misses share one read. */
    get: (id: string): Promise<TUser | null> => cache.get(id, id, () => deps.load(id)),
    size: cache.size,
  };
}
export type UserCache = ReturnType<typeof createUserCache>;
