import { describe, expect, it } from "vitest";
import { fakeBus } from "../../../tests/support/fake-bus";
import { createBusCache } from "./bus-cache";

/** A load the test finishes by hand, counting how often it was asked for. */
function manualLoads() {
  const pending: Array<(v: string) => void> = [];
  let calls = 0;
  return {
    load: () => {
      calls++;
      return new Promise<string>((resolve) => pending.push(resolve));
    },
    finish: (v: string) => pending.shift()!(v),
    calls: () => calls,
  };
}

function setup(over: { max?: number; maxAgeMs?: number; keep?: (v: unknown) => boolean } = {}) {
  const bus = fakeBus();
  let clock = 0;
  const cache = createBusCache<string>({ prefix: "progress:", bus, max: over.max ?? 10, maxAgeMs: over.maxAgeMs ?? 1_000, now: () => clock, keep: over.keep });
  let n = 0;
  const load = (v?: string) => () => Promise.resolve(v ?? `read ${++n}`);
  return { bus, cache, load, tick: (ms: number) => (clock += ms) };
}

describe("a cache of one owner's data, dropped over the bus", () => {
  it("serves a kept value until the owner's data changes here or on another instance", async () => {
    const { bus, cache, load } = setup();
    expect(await cache.get("u1", "u1:c1", load())).toBe("read 1");
    expect(await cache.get("u1", "u1:c1", load())).toBe("read 1");
    cache.invalidate("u1");
    expect(await cache.get("u1", "u1:c1", load())).toBe("read 2");
    bus.emit({ topic: "progress:u1", kind: "changed", id: "u1" });
    expect(await cache.get("u1", "u1:c1", load())).toBe("read 3");
    expect(cache.size()).toBe(1);
  });

  it("drops every key of the owner named, and only those", async () => {
    const { bus, cache, load } = setup();
    await cache.get("u1", "u1:c1", load("a"));
    await cache.get("u1", "u1:c2", load("b"));
    await cache.get("u2", "u2:c1", load("c"));
    bus.emit({ topic: "progress:u1", kind: "changed", id: "u1" });
    expect(cache.size()).toBe(1);
    expect(await cache.get("u2", "u2:c1", load("new"))).toBe("c");
    // Another prefix is not this cache's business.
    bus.emit({ topic: "user:u2", kind: "changed", id: "u2" });
    expect(await cache.get("u2", "u2:c1", load("new"))).toBe("c");
  });

  it("shares one read between concurrent misses", async () => {
    const { cache } = setup();
    const m = manualLoads();
    const a = cache.get("u1", "k", m.load);
    const b = cache.get("u1", "k", m.load);
    m.finish("v");
    expect([await a, await b]).toEqual(["v", "v"]);
    expect(m.calls()).toBe(1);
  });

  it("does not keep a read that a write overtook: the next request reads again", async () => {
    const { cache } = setup();
    const m = manualLoads();
    const before = cache.get("u1", "k", m.load);
    cache.invalidate("u1"); // the write committed while the read was under way
    m.finish("old");
    expect(await before).toBe("old");
    const after = cache.get("u1", "k", m.load);
    m.finish("new");
    expect(await after).toBe("new");
    expect(m.calls()).toBe(2);
  });

  it("keeps nothing while the bus is down, and drops what it kept once the bus is back", async () => {
    const { bus, cache, load } = setup();
    await cache.get("u1", "k", load());
    bus.lost();
    expect(cache.size()).toBe(0);
    expect(await cache.get("u1", "k", load())).toBe("read 2");
    expect(await cache.get("u1", "k", load())).toBe("read 3");
    bus.resync();
    expect(await cache.get("u1", "k", load())).toBe("read 4");
    expect(await cache.get("u1", "k", load())).toBe("read 4");
  });

  it("reads again after maxAgeMs without an event", async () => {
    const { cache, load, tick } = setup({ maxAgeMs: 100 });
    await cache.get("u1", "k", load());
    tick(99);
    expect(await cache.get("u1", "k", load())).toBe("read 1");
    tick(1);
    expect(await cache.get("u1", "k", load())).toBe("read 2");
  });

  it("holds at most max entries, the least recently used going first", async () => {
    const { cache, load } = setup({ max: 2 });
    await cache.get("u1", "a", load("a"));
    await cache.get("u2", "b", load("b"));
    await cache.get("u1", "a", load("x")); // a is now the most recently used
    await cache.get("u3", "c", load("c"));
    expect(cache.size()).toBe(2);
    expect(await cache.get("u1", "a", load("again"))).toBe("a");
    expect(await cache.get("u2", "b", load("b again"))).toBe("b again");
  });

  it("never serves a key kept for one owner to another", async () => {
    const { cache, load } = setup();
    await cache.get("u1", "k", load("u1's"));
    expect(await cache.get("u2", "k", load("u2's"))).toBe("u2's");
    // u1's data was replaced, and u1's invalidation no longer touches u2's entry.
    cache.invalidate("u1");
    expect(await cache.get("u2", "k", load("again"))).toBe("u2's");
  });

  it("forgets failed reads and values it is told not to keep", async () => {
    const { cache, load } = setup({ keep: (v) => v !== "none" });
    await expect(cache.get("u1", "k", () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await cache.get("u1", "k", load("none"))).toBe("none");
    await Promise.resolve();
    expect(await cache.get("u1", "k", load("some"))).toBe("some");
    expect(await cache.get("u1", "k", load("later"))).toBe("some");
  });
});
