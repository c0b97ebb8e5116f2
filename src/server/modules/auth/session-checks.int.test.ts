/**
 * Session checks without a database read (docs/decisions/0029): a valid token is checked against
 * this instance's view of revoked sessions and the account kept in memory, and every revocation
 * (logout, password reset, account deletion) and account change reaches every instance within 1 s,
 * also after the bus lost its connection.
 */
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import pg from "pg";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../config";
import { openDatabase, type Database } from "../../db/client";
import { sessions } from "../../db/schema/auth";
import type { Services } from "../../load-context";
import { buildApp, createServices } from "../../main";
import { databaseKinds, describeEachDatabase, openTestDatabase, testConfig, type TestDatabase } from "../../../../tests/setup/databases";
import { bearer, expectError, meWithBearer, sleep, uniqueIp } from "../../../../tests/support/http";
import { login, register } from "../../../../tests/support/sign-in";

/** The deadline of the issue: a revocation or change made through one instance holds on all within it. */
const DEADLINE_MS = 1_000;

/** Records the SQL an app sends through its pool (PostgreSQL) or its PGlite. */
function recordQueries(database: Database) {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  const seen: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    seen.push(typeof q === "string" ? q : String((q as { text?: string }).text));
    return original.apply(this, args);
  };
  return {
    /** The statements since the last call that read or write `table`. */
    take: (table: string) => seen.splice(0).filter((sql) => sql.includes(`"${table}"`)),
    stop: () => {
      client.query = original;
    },
  };
}

/** Polls `app` with `token` until it answers 401 TOKEN-BAD, failing if it still accepts it after the deadline. */
async function refusedWithinDeadline(app: FastifyInstance, token: string) {
  const start = Date.now();
  for (;;) {
    const res = await meWithBearer(app, token);
    if (res.statusCode === 401) {
      expectError(res, 401, "TOKEN-BAD");
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    if (Date.now() - start > DEADLINE_MS) throw new Error(`the token is still accepted ${Date.now() - start} ms after its revocation`);
    await sleep(20);
  }
}

/** Polls until `read` gives `expected`, failing after the deadline. */
async function seenWithinDeadline<T>(read: () => Promise<T>, expected: T) {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (JSON.stringify(value) === JSON.stringify(expected)) return;
    if (Date.now() - start > DEADLINE_MS) expect(value, `after ${Date.now() - start} ms`).toEqual(expected);
    await sleep(20);
  }
}

const me = async (app: FastifyInstance, token: string) => (await meWithBearer(app, token)).json() as { id: string; phone: string | null; roles: string[] };

describeEachDatabase("session checks", (t) => {
  /** Another instance's services on the same database (deletions and role changes have no route yet). */
  let other: Services;
  beforeAll(async () => {
    other = await createServices(t.config, t.database);
  });
  afterAll(async () => {
    await other?.bus.close();
  });

  it("a signed-in request with a valid token reads neither its session nor its account", async () => {
    const u = await register(t.app);
    const queries = recordQueries(t.database);
    try {
      // The account's first request reads it once ...
      expect((await me(t.app, u.accessToken)).id).toBe(u.userId);
      expect(queries.take("users")).toHaveLength(1);
      // ... and the following ones find it in memory: no session and no account read.
      for (let i = 0; i < 5; i++) expect((await me(t.app, u.accessToken)).id).toBe(u.userId);
      expect(queries.take("sessions")).toEqual([]);
      expect(queries.take("users")).toEqual([]);
      // A write forgets it here at once, so the next request reads it again.
      const patched = await u.browser.patch("/api/users/me/profile", { core: { complete: true } });
      expect(patched.statusCode, patched.body).toBe(200);
      queries.take("users");
      expect((await me(t.app, u.accessToken)).id).toBe(u.userId);
      expect(queries.take("users")).toHaveLength(1);
    } finally {
      queries.stop();
    }
  });

  it("refuses a logged-out token at once on the same instance, with TOKEN-BAD", async () => {
    const u = await register(t.app);
    expect((await me(t.app, u.accessToken)).id).toBe(u.userId);
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(u.accessToken), remoteAddress: uniqueIp() });
    expect(out.statusCode, out.body).toBe(204);
    expectError(await meWithBearer(t.app, u.accessToken), 401, "TOKEN-BAD");
  });

  it("refuses every token of an account once it is deleted, within the deadline", async () => {
    const u = await register(t.app);
    const second = await login(t.app, u.email, u.password);
    expect((await me(t.app, u.accessToken)).id).toBe(u.userId);
    expect((await me(t.app, second.accessToken)).id).toBe(u.userId);
    await other.users.remove(u.userId);
    await refusedWithinDeadline(t.app, u.accessToken);
    await refusedWithinDeadline(t.app, second.accessToken);
  });

  it("shows a role change made by another instance within the deadline", async () => {
    const u = await register(t.app);
    expect((await me(t.app, u.accessToken)).roles).toEqual(["disciple"]);
    await other.users.update(u.userId, { roles: ["disciple", "mentor"] });
    await seenWithinDeadline(async () => (await me(t.app, u.accessToken)).roles, ["disciple", "mentor"]);
  });
});

describe.runIf(databaseKinds().includes("postgres"))("session checks across two instances on one PostgreSQL", () => {
  let test: TestDatabase;
  let second: Database;
  let config: Config;
  let a: FastifyInstance;
  let b: FastifyInstance;
  /** A third instance, services only: deletions, role changes and reset tokens have no route of their own here. */
  let c: Services;
  beforeAll(async () => {
    config = testConfig(undefined);
    test = await openTestDatabase("postgres", config);
    config = testConfig(test.url);
    second = await openDatabase({ url: test.url });
    a = await buildApp({ config, database: test.database, ssr: false, logger: false });
    b = await buildApp({ config, database: second, ssr: false, logger: false });
    c = await createServices(config, test.database);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await c?.bus.close();
    await second?.close();
    await test?.dispose();
  });

  it("a logout through A is refused on B within the deadline", async () => {
    const u = await register(a);
    expect((await me(b, u.accessToken)).id).toBe(u.userId);
    const out = await a.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(u.accessToken), remoteAddress: uniqueIp() });
    expect(out.statusCode, out.body).toBe(204);
    await refusedWithinDeadline(b, u.accessToken);
  });

  it("a password reset through A ends every session of the account on B within the deadline", async () => {
    const u = await register(a);
    const onB = await login(b, u.email, u.password);
    expect((await me(b, u.accessToken)).id).toBe(u.userId);
    expect((await me(b, onB.accessToken)).id).toBe(u.userId);
    const reset = await c.auth.createPasswordReset(u.email);
    const res = await a.inject({
      method: "POST",
      url: "/api/auth/password/reset",
      payload: { token: reset!.token, password: "a brand new password" },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    await refusedWithinDeadline(b, u.accessToken);
    await refusedWithinDeadline(b, onB.accessToken);
    // A new sign-in works on both.
    const fresh = await login(a, u.email, "a brand new password");
    expect((await me(b, fresh.accessToken)).id).toBe(u.userId);
  });

  it("an account deleted through another instance is refused on A and B within the deadline", async () => {
    const u = await register(a);
    expect((await me(a, u.accessToken)).id).toBe(u.userId);
    expect((await me(b, u.accessToken)).id).toBe(u.userId);
    await c.users.remove(u.userId);
    await refusedWithinDeadline(a, u.accessToken);
    await refusedWithinDeadline(b, u.accessToken);
  });

  it("a profile change through A and a role change elsewhere show on B within the deadline", async () => {
    const u = await register(a);
    expect(await me(b, u.accessToken)).toMatchObject({ phone: null, roles: ["disciple"] });
    const phone = "+905551112233";
    const patched = await u.browser.patch("/api/users/me/profile", { core: { phone } });
    expect(patched.statusCode, patched.body).toBe(200);
    await seenWithinDeadline(async () => (await me(b, u.accessToken)).phone, phone);
    await c.users.update(u.userId, { roles: ["disciple", "admin"] });
    await seenWithinDeadline(async () => (await me(b, u.accessToken)).roles, ["disciple", "admin"]);
  });

  it("a revocation whose event an instance missed is honoured once its bus is back, from memory", async () => {
    // Instance D, services only, so its bus can be watched.
    const third = await openDatabase({ url: test.url });
    const d = await createServices(config, third);
    const queries = recordQueries(third);
    try {
      const u = await register(a);
      expect(await d.auth.authenticate(u.accessToken)).toMatchObject({ kind: "user" });
      const sid = String(decodeJwt(u.accessToken).sid);

      // The revocation lands in the database, but its event is lost (as while D was disconnected): D still accepts.
      await test.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sid));
      expect(await d.auth.authenticate(u.accessToken)).toMatchObject({ kind: "user" });

      // D's bus loses its connection, comes back and resynchronises.
      let lost = 0;
      let resynced = 0;
      d.bus.onLost(() => lost++);
      d.bus.onResync(() => resynced++);
      const admin = new pg.Client({ connectionString: test.url });
      await admin.connect();
      try {
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'mentora-bus' and pid <> pg_backend_pid()",
        );
      } finally {
        await admin.end();
      }
      await expect.poll(() => [lost, resynced], { timeout: 10_000, interval: 20 }).toEqual([1, 1]);

      // Refused, and from the reloaded view: without reading the session.
      await expect
        .poll(
          async () => {
            queries.take("sessions");
            const auth = await d.auth.authenticate(u.accessToken);
            return [auth.kind, queries.take("sessions").length];
          },
          { timeout: 10_000, interval: 20 },
        )
        .toEqual(["bad-token", 0]);
      // A and B heard nothing either; they were disconnected too and resynchronised the same way.
      await refusedWithinDeadline(a, u.accessToken);
      await refusedWithinDeadline(b, u.accessToken);
    } finally {
      queries.stop();
      await d.bus.close();
      await third.close();
    }
  });
});
