/**
 * Two real app processes on one PostgreSQL database (the scale-out path): the login limit is one
 * limit for both, a logout through one is refused by the other within 1 s (docs/decisions/0028,
 * 0029), a realtime socket held on one hears an order paid through the other (0032), and a chat
 * message sent through one reaches the other side's socket held on the other (issue 12). The
 * processes serve the built app: `npm run build` first (npm test does).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresClone, databaseKinds } from "../setup/databases";
import { defaultSeedIds } from "../setup/pglite-snapshot";
import { signUpBody } from "../support/factories";
import { startInstances, type Instances } from "../support/instances";
import { sleep, uniqueIp } from "../support/http";
import pg from "pg";
import { RATE_LIMITS } from "../../src/server/platform/rate-limit";
import { BUS_CHANNEL } from "../../src/server/platform/bus";
import { FORM, liqpayCallback, orderBody, PAYMENT_ENV } from "../support/payments";
import { openRealtime } from "../support/realtime";
import { DEMO_MENTOR_PASSWORD, DEMO_MENTORS } from "../../src/server/db/seed/demo-mentors";

const REVOCATION_DEADLINE_MS = 1_000;
const CONTENT_DEADLINE_MS = 1_000;
const PROGRESS_DEADLINE_MS = 1_000;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const GUEST_PAGE = { cookie: "lang=en; cookie-agreement=analytics%3A0%7Cyoutube%3A0%7Cvimeo%3A0%7Chotjar%3A0", "user-agent": BROWSER, accept: "text/html" };
const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

interface Reply {
  status: number;
  body: {
    error?: { code: string };
    accessToken?: string;
    userId?: string;
    id?: string;
    orderId?: string;
    mentorId?: string;
    updates?: Array<{ node: { id: string; text: string } }>;
  };
}

/** One request from `client` (the address the proxy in front of the instances would forward). */
async function call(base: string, method: string, path: string, opts: { client: string; json?: unknown; token?: string }): Promise<Reply> {
  const headers: Record<string, string> = { "x-forwarded-for": opts.client };
  if (opts.json !== undefined) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(base + path, { method, headers, body: opts.json === undefined ? undefined : JSON.stringify(opts.json) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

describe.runIf(databaseKinds().includes("postgres"))("two app processes on one PostgreSQL database", () => {
  let clone: Awaited<ReturnType<typeof createPostgresClone>> | undefined;
  let cluster: Instances | undefined;
  let a: string;
  let b: string;

  beforeAll(async () => {
    clone = await createPostgresClone(defaultSeedIds());
    cluster = await startInstances(2, { DATABASE_URL: clone.url, ...PAYMENT_ENV });
    [a, b] = cluster.instances.map((i) => i.url);
  }, 150_000);
  afterAll(async () => {
    await cluster?.stop();
    await clone?.drop();
  });

  async function registerThrough(base: string, client: string) {
    const body = signUpBody();
    const res = await call(base, "POST", "/api/auth/register", { client, json: body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { email: String(body.email).toLowerCase(), password: String(body.password), accessToken: res.body.accessToken!, userId: res.body.userId! };
  }

  it(`counts the login limit across both: ${RATE_LIMITS.login} wrong passwords through A and B in turn, then both refuse the address`, async () => {
    const user = await registerThrough(a, uniqueIp());
    const client = uniqueIp();
    for (let i = 0; i < RATE_LIMITS.login; i++) {
      const res = await call(i % 2 ? b : a, "POST", "/api/auth/login", { client, json: { email: user.email, password: `wrong ${i}` } });
      expect([res.status, res.body.error?.code], `attempt ${i + 1}`).toEqual([401, "INVALID-CREDENTIALS"]);
    }
    for (const base of [a, b]) {
      const res = await call(base, "POST", "/api/auth/login", { client, json: { email: user.email, password: user.password } });
      expect([res.status, res.body.error?.code], base).toEqual([429, "RATE-LIMITED"]);
    }
    // Another client address is not affected.
    expect((await call(b, "POST", "/api/auth/login", { client: uniqueIp(), json: { email: user.email, password: user.password } })).status).toBe(200);
  });

  /** A new admin: the first admin of a database is made by SQL and the bus event any writer of users sends. */
  async function adminThrough(base: string, client: string) {
    const admin = await registerThrough(base, client);
    const sql = new pg.Client({ connectionString: clone!.url });
    await sql.connect();
    try {
      await sql.query(`update users set roles = '["admin"]' where id = $1`, [admin.userId]);
      await sql.query("select pg_notify($1, $2)", [BUS_CHANNEL, JSON.stringify({ t: `user:${admin.userId}`, k: "changed", i: admin.userId, o: "test" })]);
    } finally {
      await sql.end();
    }
    return admin;
  }

  /** Polls `seen` until it holds; fails when that takes longer than `deadlineMs`. */
  async function within(deadlineMs: number, what: string, seen: () => Promise<boolean>) {
    const start = Date.now();
    while (!(await seen())) {
      if (Date.now() - start > deadlineMs) throw new Error(`${what}: not seen ${Date.now() - start} ms after the change`);
      await sleep(20);
    }
  }

  it(`serves on B, within ${CONTENT_DEADLINE_MS} ms, a course changed through A's admin API (API read and cached guest page)`, async () => {
    const client = uniqueIp();
    const admin = await adminThrough(a, client);

    const courseOnB = async () => (await call(b, "GET", "/api/courses/reading-foundations?lang=en", { client })).body as { title?: string };
    const pageOnB = async () => heading(await (await fetch(`${b}/en/courses/reading-foundations`, { headers: GUEST_PAGE })).text());
    expect((await courseOnB()).title).toBe("Foundations of Reading");
    expect(await pageOnB()).toBe("Foundations of Reading");

    const title = `Reading, changed on A ${Date.now()}`;
    for (let i = 0; ; i++) {
      // The role change reaches A over the bus: retried until A takes the caller for an admin.
      const res = await call(a, "PATCH", "/api/admin/courses/reading-foundations", { client, token: admin.accessToken, json: { title: { en: title } } });
      if (res.status === 200) break;
      if (i > 50) throw new Error(`A never accepted the admin's change: ${JSON.stringify(res.body)}`);
      await sleep(20);
    }
    const changedAt = Date.now();
    let apiSeen: number | undefined;
    let pageSeen: number | undefined;
    while ((apiSeen === undefined || pageSeen === undefined) && Date.now() - changedAt < 10_000) {
      if (apiSeen === undefined && (await courseOnB()).title === title) apiSeen = Date.now() - changedAt;
      if (pageSeen === undefined && (await pageOnB()) === title) pageSeen = Date.now() - changedAt;
    }
    expect(apiSeen, "B's course API shows the new title").toBeLessThan(CONTENT_DEADLINE_MS);
    expect(pageSeen, "B's guest page shows the new title").toBeLessThan(CONTENT_DEADLINE_MS);
  });

  it(`serves on B, within ${PROGRESS_DEADLINE_MS} ms, a learner's progress written through A (and on A at once)`, async () => {
    const client = uniqueIp();
    const learner = await registerThrough(a, client);
    const path = "/api/courses/reading-foundations/elements?lang=en";
    const stateOf = async (base: string, id: string) => {
      const res = await call(base, "GET", path, { client, token: learner.accessToken });
      expect(res.status).toBe(200);
      return (res.body as unknown as { elements: Array<{ id: string; state: string | null }> }).elements.find((e) => e.id === id)?.state;
    };
    // Both instances have read (and may keep) the learner's empty record.
    for (const base of [a, b, a, b]) expect(await stateOf(base, "rf-slow-reading")).toBe("opened");

    expect((await call(a, "POST", "/api/progress/elements/rf-slow-reading/finish", { client, token: learner.accessToken })).status).toBe(200);
    expect(await stateOf(a, "rf-slow-reading")).toBe("done");
    const start = Date.now();
    while ((await stateOf(b, "rf-slow-reading")) !== "done") {
      if (Date.now() - start > PROGRESS_DEADLINE_MS) throw new Error(`B still serves the old progress ${Date.now() - start} ms after the write`);
      await sleep(20);
    }
  });

  it(`refuses on B a token logged out through A within ${REVOCATION_DEADLINE_MS} ms`, async () => {
    const client = uniqueIp();
    const user = await registerThrough(a, client);
    const onB = await call(b, "GET", "/api/users/me", { client, token: user.accessToken });
    expect([onB.status, onB.body.id]).toEqual([200, user.userId]);

    expect((await call(a, "POST", "/api/auth/logout", { client, token: user.accessToken })).status).toBe(204);
    const start = Date.now();
    for (;;) {
      const res = await call(b, "GET", "/api/users/me", { client, token: user.accessToken });
      if (res.status !== 200) {
        expect([res.status, res.body.error?.code]).toEqual([401, "TOKEN-BAD"]);
        break;
      }
      if (Date.now() - start > REVOCATION_DEADLINE_MS) throw new Error(`B still accepts the token ${Date.now() - start} ms after the logout`);
      await sleep(20);
    }
    // And A refuses it too.
    expect((await call(a, "GET", "/api/users/me", { client, token: user.accessToken })).body.error?.code).toBe("TOKEN-BAD");
  });

  it(`puts in force on B, within ${REVOCATION_DEADLINE_MS} ms, a role change, a registration setting and a block made in A's back office`, async () => {
    const client = uniqueIp();
    const admin = await adminThrough(a, client);
    const person = await registerThrough(a, client);
    const meOnB = () => call(b, "GET", "/api/users/me", { client, token: person.accessToken });
    const rolesOnB = async () => ((await meOnB()).body as { roles?: string[] }).roles ?? [];
    expect(await rolesOnB()).toEqual(["disciple"]);
    const asAdmin = (method: string, path: string, json?: unknown) => call(a, method, path, { client, token: admin.accessToken, json });
    // The admin's own role reaches A over the bus: retried until A takes them for an admin.
    for (let i = 0; (await asAdmin("GET", "/api/admin/settings/registration")).status !== 200; i++) {
      if (i > 50) throw new Error("A never took the admin for one");
      await sleep(20);
    }

    const roles = await asAdmin("PUT", `/api/admin/users/${person.userId}/roles`, { roles: ["disciple", "mentor"] });
    expect(roles.status, JSON.stringify(roles.body)).toBe(200);
    await within(REVOCATION_DEADLINE_MS, "the mentor role on B", async () => (await rolesOnB()).includes("mentor"));

    const registration = (await asAdmin("GET", "/api/admin/settings/registration")).body as unknown as { settings: { swapPopups: boolean } };
    const swapOnB = async () =>
      ((await call(b, "GET", "/api/portal/settings", { client })).body as unknown as { portal: { registration: { swapPopups: boolean } } }).portal.registration
        .swapPopups;
    expect(await swapOnB()).toBe(registration.settings.swapPopups);
    const flipped = !registration.settings.swapPopups;
    expect((await asAdmin("PUT", "/api/admin/settings/registration", { ...registration.settings, swapPopups: flipped })).status).toBe(200);
    await within(CONTENT_DEADLINE_MS, "the registration setting on B", async () => (await swapOnB()) === flipped);
    expect((await asAdmin("PUT", "/api/admin/settings/registration", registration.settings)).status).toBe(200);

    expect((await asAdmin("POST", `/api/admin/users/${person.userId}/block`)).status).toBe(200);
    await within(REVOCATION_DEADLINE_MS, "the block on B", async () => (await meOnB()).status === 401);
    expect((await meOnB()).body.error?.code).toBe("TOKEN-BAD");
    const login = await call(b, "POST", "/api/auth/login", { client: uniqueIp(), json: { email: person.email, password: person.password } });
    expect([login.status, login.body.error?.code]).toEqual([403, "ACCOUNT-BLOCKED"]);
  });

  it("delivers to a realtime socket held on B the order:{id} event of an order paid through A", async () => {
    const client = uniqueIp();
    const buyer = await registerThrough(a, client);
    const made = await call(a, "POST", "/api/orders", {
      client,
      token: buyer.accessToken,
      json: orderBody(defaultSeedIds().ENVIRONMENT_ID, "confident-speaking", { gateway: "liqpay" }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const orderId = made.body.orderId!;
    const topic = `order:${orderId}`;

    const socket = await openRealtime(b, { authorization: `Bearer ${buyer.accessToken}`, "x-forwarded-for": client });
    try {
      socket.send({ type: "subscribe", topic });
      expect(await socket.next()).toEqual({ type: "subscribed", topic });
      const paid = await fetch(`${a}/api/payments/liqpay/callback`, {
        method: "POST",
        headers: FORM,
        body: liqpayCallback({ order_id: orderId, status: "success", amount: 490, currency: "UAH" }),
      });
      expect(await paid.json()).toEqual({ outcome: "applied", reason: "order moved to paid" });
      expect(await socket.next()).toEqual({ type: "event", topic, kind: "changed", id: orderId });
      // B reads the change from the shared database.
      expect((await call(b, "GET", `/api/orders/${orderId}`, { client, token: buyer.accessToken })).body).toMatchObject({ status: "paid" });
    } finally {
      await socket.close();
    }
  });

  it("delivers to the learner's socket held on B a mentor's chat message sent through A, and B reads it", async () => {
    const client = uniqueIp();
    const learner = await registerThrough(a, client);
    const made = await call(a, "POST", "/api/chats", {
      client,
      token: learner.accessToken,
      json: { learningPortalId: defaultSeedIds().PORTAL_ID, studentId: learner.userId },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const chatId = made.body.id!;
    // The demo seed's mentors take new chats: sign in as the one this chat went to.
    const demo = DEMO_MENTORS.find((m) => m.userId === made.body.mentorId);
    expect(demo, `chat went to ${made.body.mentorId}`).toBeDefined();
    const signedIn = await call(a, "POST", "/api/auth/login", { client: uniqueIp(), json: { email: demo!.email, password: DEMO_MENTOR_PASSWORD } });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);

    const topic = `chat:${chatId}`;
    const socket = await openRealtime(b, { authorization: `Bearer ${learner.accessToken}`, "x-forwarded-for": client });
    try {
      socket.send({ type: "subscribe", topic });
      expect(await socket.next()).toEqual({ type: "subscribed", topic });
      const id = `lpmmsg:two-instances-${Date.now()}`;
      const sent = await call(a, "POST", `/api/chats/${chatId}/messages`, { client, token: signedIn.body.accessToken, json: { id, text: "Sent through A" } });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      expect(await socket.next()).toEqual({ type: "event", topic, kind: "message", id });
      const onB = await call(b, "GET", `/api/chats/${chatId}/updates?after=0`, { client, token: learner.accessToken });
      expect(onB.body.updates?.map((u) => [u.node.id, u.node.text])).toContainEqual([id, "Sent through A"]);
    } finally {
      await socket.close();
    }
  });
});
