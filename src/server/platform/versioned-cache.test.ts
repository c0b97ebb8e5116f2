import { describe, expect, it } from "vitest";
import type { ContentListener } from "./content-version";
import { deepFreeze } from "../../domain/deep-freeze";
import { createVersionedCache } from "./versioned-cache";

/** A content version the test moves by hand. */
function fakeVersion(start = 1) {
  let version = start;
  const listeners = new Set<ContentListener>();
  return {
    current: () => version,
    onChange(l: ContentListener) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    bump() {
      version++;
      for (const l of listeners) l({ version, resync: false });
    },
    resync() {
      for (const l of listeners) l({ version, resync: true });
    },
  };
}

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe("versioned cache", () => {
  it("serves a value until the version moves, then loads it again", async () => {
    const version = fakeVersion();
    const cache = createVersionedCache(version, { maxEntries: 10 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get("k", load)).toEqual({ n: 1 });
    expect(await cache.get("k", load)).toEqual({ n: 1 });
    version.bump();
    expect(cache.size).toBe(0);
    expect(await cache.get("k", load)).toEqual({ n: 2 });
    expect(loads).toBe(2);
  });

  it("never serves an entry of another version, even one kept before the change was heard", async () => {
    let v = 1;
    const cache = createVersionedCache({ current: () => v, onChange: () => () => undefined }, { maxEntries: 10 });
    let loads = 0;
    await cache.get("k", async () => ++loads);
    v = 2;
    expect(await cache.get("k", async () => ++loads)).toBe(2);
  });

  it("shares one load among concurrent misses (single flight)", async () => {
    const cache = createVersionedCache(fakeVersion(), { maxEntries: 10 });
    const gate = deferred<string>();
    let loads = 0;
    const load = () => {
      loads++;
      return gate.promise;
    };
    const all = Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)]);
    gate.resolve("v");
    expect(await all).toEqual(["v", "v", "v"]);
    expect(loads).toBe(1);
  });

  it("does not keep errors: the next read loads again", async () => {
    const cache = createVersionedCache(fakeVersion(), { maxEntries: 10 });
    await expect(cache.get("k", () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    await expect(
      cache.get("k", () => {
        throw new Error("thrown at once");
      }),
    ).rejects.toThrow("thrown at once");
    expect(await cache.get("k", async () => "back")).toBe("back");
  });

  it("is bounded: the least recently used entry goes first", async () => {
    const cache = createVersionedCache(fakeVersion(), { maxEntries: 2 });
    const loads: string[] = [];
    const get = (k: string) => cache.get(k, async () => (loads.push(k), k));
    await get("a");
    await get("b");
    await get("a"); // a is now the most recently used
    await get("c"); // b goes
    expect(cache.size).toBe(2);
    await get("a");
    await get("b");
    expect(loads).toEqual(["a", "b", "c", "b"]);
  });

  it("drops everything on a resync", async () => {
    const version = fakeVersion();
    const cache = createVersionedCache(version, { maxEntries: 10 });
    await cache.get("a", async () => 1);
    await cache.get("b", async () => 2);
    version.resync();
    expect(cache.size).toBe(0);
  });

  it("freezes what it hands out, deeply", async () => {
    const cache = createVersionedCache(fakeVersion(), { maxEntries: 10 });
    const value = await cache.get("k", async () => ({ rows: [{ title: { en: "A" } }], at: new Date(0) }));
    expect(Object.isFrozen(value.rows[0]!.title)).toBe(true);
    expect(() => value.rows.push({ title: { en: "B" } })).toThrow(TypeError);
    expect(deepFreeze(null)).toBeNull();
  });

  it("refuses a bound that is not a positive integer", () => {
    expect(() => createVersionedCache(fakeVersion(), { maxEntries: 0 })).toThrow();
  });
});
