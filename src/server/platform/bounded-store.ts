import type { ContentVersion } from "./content-version";

/** An entry that knows its size. */
export interface Sized {
  bytes: number;
}

/**
 * What a cache of rendered pages keeps: bounded in entries and bytes (the oldest go first), and
 * emptied when the content version moves (the guest page cache, the signed-in page templates).
 */
export interface BoundedStore<T extends Sized> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  drop(key: string): void;
  clear(): void;
  readonly size: number;
}

export function createBoundedStore<T extends Sized>(opts: {
  maxEntries: number;
  maxBytes: number;
  version: Pick<ContentVersion, "onChange">;
}): BoundedStore<T> {
  const entries = new Map<string, T>();
  let bytes = 0;
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    bytes -= e.bytes;
  };
  const clear = () => {
    entries.clear();
    bytes = 0;
  };
  opts.version.onChange(clear);
  return {
    get: (key) => entries.get(key),
    set(key, value) {
      drop(key);
      entries.set(key, value);
      bytes += value.bytes;
      while (entries.size > opts.maxEntries || bytes > opts.maxBytes) drop(entries.keys().next().value!);
    },
    drop,
    clear,
    get size() {
      return entries.size;
    },
  };
}
