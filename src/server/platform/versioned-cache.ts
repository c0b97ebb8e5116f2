import { deepFreeze } from "../../domain/deep-freeze";
import type { ContentVersion } from "./content-version";

/**
 * A small in-process cache of content reads keyed by the content version (docs/decisions/0027):
 * an entry is served only while the version it was loaded at is current, so a write through
 * `changeContent` is seen by the next read, here and (over the bus) on every other instance.
 *
 * - Bounded: at most `maxEntries`, least recently used first out.
 * - Single flight: concurrent misses of one key share one load.
 * - Errors are not cached: a failed load is forgotten, the next read tries again.
 * - Values are frozen, deeply: one object serves every viewer, so nobody may change it in place.
 *
 * Only content belongs here, the same for every viewer; what a viewer may see of it (drafts, locks,
 * purchases) is decided per request on top. Never cache a session, progress, orders or chat.
 */
export interface VersionedCache {
  /** The cached value of `key` at the current version, else `load()`'s, which is then kept. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  readonly size: number;
  clear(): void;
}

interface Entry {
  version: number;
  value: Promise<unknown>;
}

export function createVersionedCache(version: Pick<ContentVersion, "current" | "onChange">, opts: { maxEntries: number }): VersionedCache {
  if (!Number.isInteger(opts.maxEntries) || opts.maxEntries < 1) throw new Error("maxEntries must be a positive integer");
  const entries = new Map<string, Entry>();
  // Entries of an older version are never served again: free them as soon as the version moves.
  version.onChange(() => entries.clear());

  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const current = version.current();
      const hit = entries.get(key);
      if (hit && hit.version === current) {
        // Most recently used last: Map keeps insertion order.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      const value = Promise.resolve().then(load).then(deepFreeze);
      const entry: Entry = { version: current, value };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > opts.maxEntries) entries.delete(entries.keys().next().value!);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
    },
  };
}
