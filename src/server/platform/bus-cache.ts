import type { Bus } from "./bus";

interface Entry<V> {
  at: number;
  owner: string;
  value: Promise<V>;
}

export interface BusCacheOptions {
  /** Events on `{prefix}{owner}` drop everything kept for that owner, on every instance. */
  prefix: string;
  bus: Pick<Bus, "subscribe" | "onLost" | "onResync">;
  max: number;
  /** How long an entry serves without an event: bounds how long a change made behind the app's back (SQL by hand) goes unseen. */
  maxAgeMs: number;
  now?: () => number;
  /** A loaded value not worth keeping (an account that does not exist), served once and forgotten. */
  keep?: (value: unknown) => boolean;
}

/**
 * One viewer's own data kept in memory per instance (docs/decisions/0029, 0056): entries belong to an
 * owner (a user) and go when that owner's data changes, at once on this instance (`invalidate`,
 * called by the write after its commit) and on every instance when the bus carries `{prefix}{owner}`.
 * While the bus is down nothing is kept (an event could be missed); once it is back everything kept
 * before is dropped. Never shared across owners: a key is only ever served to the owner it was read for.
 *
 * - Bounded: at most `max` entries, least recently used first out.
 * - Single flight: concurrent misses of one key share one read.
 * - A write (or an event) while a read is under way removes that read's entry, so what it read,
 *   possibly older than the write, serves only the requests already waiting for it.
 */
export function createBusCache<V>(opts: BusCacheOptions) {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry<V>>();
  const keysOf = new Map<string, Set<string>>();
  let live = true;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysOf.get(entry.owner);
    keys?.delete(key);
    if (keys?.size === 0) keysOf.delete(entry.owner);
  };
  const invalidate = (owner: string) => {
    for (const key of keysOf.get(owner) ?? []) entries.delete(key);
    keysOf.delete(owner);
  };
  const clear = () => {
    entries.clear();
    keysOf.clear();
  };
  opts.bus.subscribe(`${opts.prefix}*`, (e) => invalidate(e.topic.slice(opts.prefix.length)));
  opts.bus.onLost(() => {
    live = false;
    clear();
  });
  opts.bus.onResync(() => {
    clear();
    live = true;
  });

  return {
    invalidate,
    /** `key` (unique across owners) read for `owner`: from memory when it is there, else `load()`'s. */
    get(owner: string, key: string, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && hit.owner === owner && now() - hit.at < opts.maxAgeMs) {
        // Most recently used goes last; the first in the map is the one to evict.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      const value = load();
      if (!live) return value;
      drop(key);
      const entry: Entry<V> = { at: now(), owner, value };
      entries.set(key, entry);
      let keys = keysOf.get(owner);
      if (!keys) keysOf.set(owner, (keys = new Set()));
      keys.add(key);
      value.then(
        (v) => {
          if (opts.keep && !opts.keep(v) && entries.get(key) === entry) drop(key);
        },
        () => {
          if (entries.get(key) === entry) drop(key);
        },
      );
      while (entries.size > opts.max) drop(entries.keys().next().value!);
      return value;
    },
    size: () => entries.size,
  };
}
export type BusCache<V> = ReturnType<typeof createBusCache<V>>;
