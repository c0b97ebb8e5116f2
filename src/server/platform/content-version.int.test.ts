import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, describeEachDatabase, openTestDatabase, type TestDatabase } from "../../../tests/setup/databases";
import { openDatabase, type Database } from "../db/client";
import { contentVersion } from "../db/schema/content";
import { courses } from "../db/schema/courses";
import { createBus, type Bus } from "./bus";
import { changeContent, createContentVersion, readContentVersion, type ContentChange, type ContentVersion } from "./content-version";
import { createVersionedCache } from "./versioned-cache";

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const title = async (db: Database["db"], id: string) => (await db.select({ title: courses.title }).from(courses).where(eq(courses.id, id)))[0]?.title;

describeEachDatabase("content version", (t) => {
  let bus: Bus;
  let version: ContentVersion;
  const heard: ContentChange[] = [];
  beforeAll(async () => {
    bus = await createBus(t.database.notifications);
    version = await createContentVersion(t.db, bus);
    version.onChange((c) => heard.push(c));
  });
  afterAll(async () => {
    version?.close();
    await bus?.close();
  });

  it("starts at the stored version", async () => {
    expect(version.current()).toBe(await readContentVersion(t.db));
  });

  it("a change raises the stored version by one, and this process keys by it as soon as the change returns", async () => {
    const before = version.current();
    heard.length = 0;
    const out = await changeContent(t.db, async (tx) => {
      await tx
        .update(courses)
        .set({ title: { en: "Renamed" } })
        .where(eq(courses.id, "lasting-habits"));
      return "done";
    });
    expect(out).toBe("done");
    expect(version.current()).toBe(before + 1);
    expect(await readContentVersion(t.db)).toBe(before + 1);
    expect(heard).toEqual([{ version: before + 1, resync: false }]);
    expect(await title(t.db, "lasting-habits")).toEqual({ en: "Renamed" });
  });

  it("the next read of a versioned cache sees a change", async () => {
    const cache = createVersionedCache(version, { maxEntries: 10 });
    const read = () => cache.get("title", () => title(t.db, "lasting-habits"));
    const first = await read();
    await changeContent(t.db, async (tx) => {
      await tx
        .update(courses)
        .set({ title: { en: "Fresh" } })
        .where(eq(courses.id, "lasting-habits"));
    });
    expect(first).not.toEqual({ en: "Fresh" });
    expect(await read()).toEqual({ en: "Fresh" });
  });

  it("a failed change writes nothing and keeps the version", async () => {
    const before = version.current();
    await expect(
      changeContent(t.db, async (tx) => {
        await tx
          .update(courses)
          .set({ title: { en: "Never" } })
          .where(eq(courses.id, "lasting-habits"));
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await title(t.db, "lasting-habits")).not.toEqual({ en: "Never" });
    expect(await readContentVersion(t.db)).toBe(before);
    expect(version.current()).toBe(before);
  });

  it("a change inside a change joins it: one transaction, one bump", async () => {
    const before = version.current();
    await changeContent(t.db, async (tx) => {
      await changeContent(tx, async (inner) => {
        await inner
          .update(courses)
          .set({ title: { en: "Inner" } })
          .where(eq(courses.id, "lasting-habits"));
      });
      await changeContent(tx, async () => undefined);
    });
    expect(await readContentVersion(t.db)).toBe(before + 1);
    expect(version.current()).toBe(before + 1);
  });

  it("takes the highest version heard on the bus; older, malformed and other events change nothing", async () => {
    const before = version.current();
    heard.length = 0;
    // Another instance's change: the stored version raised, then the bump sent.
    await t.db.update(contentVersion).set({ version: before + 1 });
    await bus.publish({ topic: "content", kind: "bumped", id: String(before + 1) });
    await until(() => version.current() === before + 1, "the bump heard");
    for (const id of [String(before), "0", "not-a-number", "-5", "1e3"]) await bus.publish({ topic: "content", kind: "bumped", id });
    await bus.publish({ topic: "content", kind: "changed", id: String(before + 9) });
    // The bus delivers in order: once this marker is heard, everything before it was.
    const marker = new Promise<void>((resolve) => {
      const off = bus.subscribe("test:marker", () => {
        off();
        resolve();
      });
    });
    await bus.publish({ topic: "test:marker", kind: "x", id: "1" });
    await marker;
    expect(version.current()).toBe(before + 1);
    expect(heard).toEqual([{ version: before + 1, resync: false }]);
  });
});

describe.runIf(databaseKinds().includes("postgres"))("content version across instances on PostgreSQL", () => {
  let test: TestDatabase;
  let other: Database;
  let busA: Bus;
  let busB: Bus;
  let a: ContentVersion;
  let b: ContentVersion;
  beforeAll(async () => {
    test = await openTestDatabase("postgres", { PORTAL_ID: "lp-mentora", ENVIRONMENT_ID: "env-mentora" });
    other = await openDatabase({ url: test.url });
    busA = await createBus(test.database.notifications);
    busB = await createBus(other.notifications);
    a = await createContentVersion(test.database.db, busA);
    b = await createContentVersion(other.db, busB);
  });
  afterAll(async () => {
    a?.close();
    b?.close();
    await busA?.close();
    await busB?.close();
    await other?.close();
    await test?.dispose();
  });

  it("a change on one instance reaches the other over the bus, and its caches read it", async () => {
    const cacheB = createVersionedCache(b, { maxEntries: 10 });
    const readB = () => cacheB.get("title", () => title(other.db, "lasting-habits"));
    await readB();
    await changeContent(test.database.db, async (tx) => {
      await tx
        .update(courses)
        .set({ title: { en: "Changed on A" } })
        .where(eq(courses.id, "lasting-habits"));
    });
    const v = a.current();
    await until(() => b.current() === v, "B heard A's bump");
    expect(await readB()).toEqual({ en: "Changed on A" });
  });

  it("after a lost connection an instance drops everything and reads the version again", async () => {
    const changes: ContentChange[] = [];
    b.onChange((c) => changes.push(c));
    const cacheB = createVersionedCache(b, { maxEntries: 10 });
    await cacheB.get("x", async () => 1);
    const admin = new pg.Client({ connectionString: test.url });
    await admin.connect();
    try {
      // B's listening connection goes away; a change made meanwhile is not heard by B...
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'mentora-bus' and pid <> pg_backend_pid()",
      );
      await admin.query("update content_version set version = version + 1");
    } finally {
      await admin.end();
    }
    const stored = await readContentVersion(test.database.db);
    // ...but the resync drops B's caches and catches the version up.
    await until(() => changes.some((c) => c.resync), "B resynced");
    expect(cacheB.size).toBe(0);
    await until(() => b.current() === stored, "B read the stored version");
  });
});
