import type { TUser } from "../../../domain/user";
import type { Bus } from "../../platform/bus";

/** Accounts kept per instance: the signed-in users of the last minutes, not everyone. */
export const USER_CACHE_MAX = 5_000;
/**
 * How long an entry serves without an event. Every write through the users service tells every
 * instance at once; this bounds how long a change made behind the app's back (SQL by hand) goes unseen.
 */
export const USER_CACHE_MAX_AGE_MS = 60_000;

interface Entry {
  at: number;
  value: Promise<TUser | null>;
}

/**
 * The accounts requests are made by, as session checks present them, kept in memory (an LRU of
 * USER_CACHE_MAX) so a signed-in request needs no read of its user (docs/decisions/0029). An entry
 * goes when the account changes: at once on this instance (`invalidate`, called by the write), and
 * on every instance when the bus carries `user:{id}` (`changed` or `revoked`). While the bus is down
 * nothing is kept (an event could be missed); after it is back everything kept before is dropped.
 */
export function createUserCache(deps: {
  load: (id: string) => Promise<TUser | null>;
  bus: Pick<Bus, "subscribe" | "onLost" | "onResync">;
  max?: number;
  maxAgeMs?: number;
  now?: () => number;
}) {
  const max = deps.max ?? USER_CACHE_MAX;
  const maxAgeMs = deps.maxAgeMs ?? USER_CACHE_MAX_AGE_MS;
  const now = deps.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let live = true;

  const invalidate = (id: string) => void entries.delete(id);
  deps.bus.subscribe("user:*", (e) => invalidate(e.topic.slice("user:".length)));
  deps.bus.onLost(() => {
    live = false;
    entries.clear();
  });
  deps.bus.onResync(() => {
    entries.clear();
    live = true;
  });

  return {
    invalidate,
    /** The account, from memory when it is there; concurrent misses share one read. */
    get(id: string): Promise<TUser | null> {
      const hit = entries.get(id);
      if (hit && now() - hit.at < maxAgeMs) {
        // Most recently used goes last; the first in the map is the one to evict.
        entries.delete(id);
        entries.set(id, hit);
        return hit.value;
      }
      const value = deps.load(id);
      if (!live) return value;
      const entry: Entry = { at: now(), value };
      entries.set(id, entry);
      // A write (or an event) while this read was under way removed the entry: what it read may be
      // older than that write, so it serves only the requests that were already waiting for it.
      value.then(
        (user) => {
          if (user === null && entries.get(id) === entry) entries.delete(id);
        },
        () => {
          if (entries.get(id) === entry) entries.delete(id);
        },
      );
      while (entries.size > max) entries.delete(entries.keys().next().value!);
      return value;
    },
    size: () => entries.size,
  };
}
export type UserCache = ReturnType<typeof createUserCache>;
