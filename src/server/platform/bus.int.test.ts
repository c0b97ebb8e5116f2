import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../../tests/setup/databases";
import { BUS_CHANNEL, BusEventTooLarge, createBus, type Bus, type BusEvent } from "./bus";

/** Resolves with the first event `bus` hears on `topic` after the call. */
function next(bus: Bus, topic: string, timeoutMs = 5_000): Promise<BusEvent & { fromSelf: boolean }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no event on ${topic} within ${timeoutMs} ms`)), timeoutMs);
    const off = bus.subscribe(topic, (e) => {
      clearTimeout(timer);
      off();
      resolve(e);
    });
  });
}

async function until(check: () => boolean, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(databaseKinds())("platform/bus on %s", (kind) => {
  let test: TestDatabase;
  let bus: Bus;
  const bad: string[] = [];
  const failed: string[] = [];
  beforeAll(async () => {
    test = await openTestDatabase(kind);
    bus = await createBus(test.database.notifications, { onBadMessage: (p) => bad.push(p), onHandlerError: (e) => failed.push((e as Error).message) });
  });
  afterAll(async () => {
    await bus?.close();
    await test?.dispose();
  });

  it("delivers an event to its own instance, marked as its own", async () => {
    const heard = next(bus, "content");
    await bus.publish({ topic: "content", kind: "changed", id: "course:1" });
    expect(await heard).toEqual({ topic: "content", kind: "changed", id: "course:1", fromSelf: true });
  });

  it("matches topic prefixes ending in * and leaves other topics alone", async () => {
    const seen: string[] = [];
    const off = bus.subscribe("user:*", (e) => seen.push(`${e.topic}/${e.kind}`));
    const other = next(bus, "chat:9");
    await bus.publish({ topic: "user:42", kind: "revoked", id: "42" });
    await bus.publish({ topic: "chat:9", kind: "message", id: "m1" });
    await other;
    off();
    expect(seen).toEqual(["user:42/revoked"]);
  });

  it("refuses an event that is not id-sized, before anything is sent", async () => {
    await expect(bus.publish({ topic: "content", kind: "changed", id: "x".repeat(5_000) })).rejects.toBeInstanceOf(BusEventTooLarge);
    await expect(bus.publish({ topic: "", kind: "changed", id: "1" })).rejects.toBeInstanceOf(BusEventTooLarge);
  });

  it("ignores payloads on its channel that are not bus events, and keeps delivering", async () => {
    await test.database.notifications.notify(BUS_CHANNEL, "not json");
    await test.database.notifications.notify(BUS_CHANNEL, JSON.stringify({ t: "content", k: 5 }));
    const heard = next(bus, "content");
    await bus.publish({ topic: "content", kind: "changed", id: "after-bad" });
    expect((await heard).id).toBe("after-bad");
    expect(bad).toEqual(["not json", JSON.stringify({ t: "content", k: 5 })]);
  });

  it("keeps delivering to the other subscribers when one handler throws", async () => {
    const off = bus.subscribe("content", () => {
      throw new Error("boom");
    });
    const heard = next(bus, "content");
    await bus.publish({ topic: "content", kind: "changed", id: "still" });
    expect((await heard).id).toBe("still");
    expect(failed).toEqual(["boom"]);
    off();
  });
});

describe.runIf(databaseKinds().includes("postgres"))("platform/bus across instances on PostgreSQL", () => {
  let test: TestDatabase;
  let other: Database;
  let a: Bus;
  let b: Bus;
  beforeAll(async () => {
    test = await openTestDatabase("postgres");
    other = await openDatabase({ url: test.url });
    a = await createBus(test.database.notifications);
    b = await createBus(other.notifications);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await other?.close();
    await test?.dispose();
  });

  it("carries an event from one instance to another", async () => {
    const heard = next(b, "content");
    await a.publish({ topic: "content", kind: "changed", id: "page:7" });
    expect(await heard).toEqual({ topic: "content", kind: "changed", id: "page:7", fromSelf: false });
  });

  it("re-subscribes after its connection is lost, tells subscribers it was lost and then to resync, and hears events again", async () => {
    let resyncs = 0;
    const order: string[] = [];
    b.onLost(() => order.push("lost"));
    b.onResync(() => {
      resyncs++;
      order.push("resync");
    });
    const admin = new pg.Client({ connectionString: test.url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'mentora-bus' and pid <> pg_backend_pid()",
      );
      expect(rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    await until(() => resyncs === 1);
    expect(order).toEqual(["lost", "resync"]);
    const heard = next(b, "content");
    await a.publish({ topic: "content", kind: "changed", id: "after-loss" });
    expect((await heard).id).toBe("after-loss");
  });
});
