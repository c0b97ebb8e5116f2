import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { rateLimits } from "../db/schema/rate-limits";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../../tests/setup/databases";
import { createRateLimitStore, createWindowCounter } from "./rate-limit";

describe.each(databaseKinds())("shared rate-limit counters on %s", (kind) => {
  let test: TestDatabase;
  /** A second connection to the same database, as another instance has (the same one on PGlite). */
  let other: Database;
  let now = Date.UTC(2030, 0, 1);
  const clock = () => now;
  let n = 0;
  const name = () => `test-${++n}`;

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    other = test.url ? await openDatabase({ url: test.url }) : test.database;
  });
  afterAll(async () => {
    if (other !== test?.database) await other?.close();
    await test?.dispose();
  });

  it("blocks a key after max failures within the window, others stay free, and forgets after the window", async () => {
    const c = createWindowCounter(createRateLimitStore(test.database.db, { now: clock }), { name: name(), max: 3, windowMs: 100 });
    for (let i = 0; i < 3; i++) {
      expect(await c.blocked("a")).toBe(false);
      await c.fail("a");
    }
    expect(await c.blocked("a")).toBe(true);
    expect(await c.blocked("b")).toBe(false);
    now += 101;
    expect(await c.blocked("a")).toBe(false);
  });

  it("lets max hits through, refuses the next with RATE_LIMITED, and starts over after the window", async () => {
    const c = createWindowCounter(createRateLimitStore(test.database.db, { now: clock }), { name: name(), max: 2, windowMs: 100 });
    await c.hit("usr-1");
    await c.hit("usr-1");
    await expect(c.hit("usr-1")).rejects.toMatchObject({ code: "RATE_LIMITED", status: 429 });
    await c.hit("usr-2");
    now += 101;
    await expect(c.hit("usr-1")).resolves.toBeUndefined();
  });

  it("counts one limit for two instances: what one counted, the other refuses", async () => {
    const counter = name();
    const a = createWindowCounter(createRateLimitStore(test.database.db, { now: clock }), { name: counter, max: 4, windowMs: 1_000 });
    const b = createWindowCounter(createRateLimitStore(other.db, { now: clock }), { name: counter, max: 4, windowMs: 1_000 });
    await a.hit("usr-1");
    await b.hit("usr-1");
    await a.hit("usr-1");
    await b.hit("usr-1");
    await expect(a.hit("usr-1")).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await expect(b.hit("usr-1")).rejects.toMatchObject({ code: "RATE_LIMITED" });
    // Another counter with the same key is a counter of its own.
    await createWindowCounter(createRateLimitStore(other.db, { now: clock }), { name: name(), max: 1, windowMs: 1_000 }).hit("usr-1");
  });

  it("counts every one of many simultaneous hits exactly once", async () => {
    const key = name();
    const stores = [createRateLimitStore(test.database.db, { now: clock }), createRateLimitStore(other.db, { now: clock })];
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => stores[i % 2].hit(key, 1_000)));
    expect(results.map((r) => r.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.every((r) => r.resetsInMs === 1_000)).toBe(true);
  });

  it("tells how long the window still runs, and opens a new one (count 1) once it has ended", async () => {
    const store = createRateLimitStore(test.database.db, { now: clock });
    const key = name();
    expect(await store.hit(key, 1_000)).toEqual({ hits: 1, resetsInMs: 1_000 });
    now += 400;
    expect(await store.hit(key, 1_000)).toEqual({ hits: 2, resetsInMs: 600 });
    now += 600;
    expect(await store.hit(key, 1_000)).toEqual({ hits: 1, resetsInMs: 1_000 });
  });

  it("sweeps the rows of ended windows and keeps the running ones; a hit sweeps when the last sweep is old enough", async () => {
    const store = createRateLimitStore(test.database.db, { now: clock, sweepEveryMs: 10_000 });
    const ended = name();
    const running = name();
    await store.hit(ended, 100);
    await store.hit(running, 60_000);
    const keys = async () => (await test.database.db.select().from(rateLimits)).map((r) => r.key);
    now += 200;
    await store.sweep();
    expect(await keys()).not.toContain(ended);
    expect(await keys()).toContain(running);

    await store.hit(ended, 100);
    now += 10_000;
    await store.hit(name(), 100);
    await expect.poll(keys).not.toContain(ended);
  });
});
