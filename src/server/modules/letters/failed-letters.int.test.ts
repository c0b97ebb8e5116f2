/**
 * The back office's failed letters (issue 29 §6, docs/decisions/0073), on PGlite and PostgreSQL: a
 * letter that used up its tries (LETTER_RETRY_LIMIT=0, the mail server stopped) is listed for
 * admins, newest failure first and paged, with the portal's counts; one retry queues it again and it
 * is sent once, a second retry is 409; another portal's letters are not this one's; who may.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { Browser, expectError, json, sleep, uniqueIp } from "../../../../tests/support/http";
import { startSmtp, type SmtpSink } from "../../../../tests/support/mail";
import { learner, type Registered } from "../../../../tests/support/sign-in";
import type { TFailedLetter, TFailedLetterList } from "../../../domain/letter-admin";
import { createJobQueue, JOB_SCHEMA } from "../../platform/jobs/queue";

const origin = { origin: "http://localhost" };
const RESET = "pwdtoken=";
const VERIFY = "emailtoken=";
const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** Resolves with `check()` once it is not undefined, asked every 50 ms (the test's own timeout ends a wait that never does). */
async function until<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    await sleep(50);
  }
}

describeEachDatabase("back office: failed letters", (t) => {
  let smtp: SmtpSink;
  let port: number;
  let app: FastifyInstance;
  let admin: Registered;

  beforeAll(async () => {
    // A mail server that is gone: every letter's one try (no retries) fails at once.
    smtp = await startSmtp();
    port = smtp.port;
    await smtp.close();
    app = await t.buildApp({ SMTP_URL: smtp.url, LETTER_RETRY_LIMIT: "0", LETTER_RETRY_DELAY_SECONDS: "0" });
    admin = await learner(app, t.db, { roles: ["disciple", "admin"] });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const list = async (q = "") => json<TFailedLetterList>(await admin.browser.get(`/api/admin/letters/failed${q}`));
  const forgot = (email: string) => app.inject({ method: "POST", url: "/api/auth/password/forgot", payload: { email }, remoteAddress: uniqueIp() });
  /** Every failed letter, page after page. */
  const all = async () => {
    const out: TFailedLetter[] = [];
    for (let page = await list("?limit=100"); ; page = await list(`?limit=100&after=${page.next}`)) {
      out.push(...page.letters);
      if (!page.next) return out;
    }
  };
  /** The failed letter to `to` whose text has `has` (the reset's link by default), as listed once it has failed. */
  const failedTo = (to: string, has = RESET) =>
    until(async () => {
      const result = await t.db.execute(
        sql`select id from ${sql.raw(JOB_SCHEMA)}.job where name = 'letter' and state = 'failed' and data->>'to' = ${to} and data->>'text' like ${`%${has}%`}`,
      );
      const id = (result as unknown as { rows: Array<{ id: string }> }).rows[0]?.id;
      return id ? (await all()).find((l) => l.id === id) : undefined;
    });

  it("lists a letter that failed for good: recipient, subject, tries, the last error, when; newest first, paged", async () => {
    const people = [await learner(app, t.db), await learner(app, t.db), await learner(app, t.db)];
    const failed: TFailedLetter[] = [];
    for (const p of people) {
      expect((await forgot(p.email)).statusCode).toBe(200);
      failed.push(await failedTo(p.email));
    }
    // The sign-up letters failed as well: from here on nothing of this test is in flight.
    for (const p of people) await failedTo(p.email, VERIFY);
    const [first] = failed;
    expect(first).toMatchObject({ to: people[0]!.email, tries: 1 });
    expect(first!.subject.length).toBeGreaterThan(0);
    expect(first!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(Date.parse(first!.failedAt!)).toBeGreaterThanOrEqual(Date.parse(first!.queuedAt));
    // Never the body: it holds the reset link.
    expect(JSON.stringify(await list())).not.toContain("pwdtoken");

    const everything = (await all()).map((l) => l.id);
    const at = failed.map((l) => everything.indexOf(l.id));
    expect(at[2]).toBeLessThan(at[1]!);
    expect(at[1]).toBeLessThan(at[0]!);
    // Pages of two, one after the other, are the whole list in the same order.
    const paged: string[] = [];
    for (let page = await list("?limit=2"); ; page = await list(`?limit=2&after=${page.next}`)) {
      expect(page.letters.length).toBeLessThanOrEqual(2);
      paged.push(...page.letters.map((l) => l.id));
      if (!page.next) break;
    }
    expect(paged).toEqual(everything);
    const { counts } = await list();
    expect(counts.failed).toBe(everything.length);
    expect(counts.waiting).toBe(0);
  });

  it("a retry queues the letter once: it is sent once, a second retry is 409 and sends nothing", async () => {
    const person = await learner(app, t.db);
    await forgot(person.email);
    const letter = await failedTo(person.email);
    smtp = await startSmtp({ port });
    const asks = await Promise.all([1, 2].map(() => admin.browser.post(`/api/admin/letters/${letter.id}/retry`, {}, origin)));
    expect(asks.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(asks.find((r) => r.statusCode === 200)!.json()).toEqual({ id: letter.id, state: "queued" });
    expectError(
      asks.find((r) => r.statusCode === 409)!,
      409,
      "LETTER-NOT-FAILED",
    );
    await smtp.waitFor(person.email, 30_000, "pwdtoken=");
    expect((await list("?limit=100")).letters.map((l) => l.id)).not.toContain(letter.id);
    // Sent: it is done, and asking again changes nothing.
    await until(async () => {
      const res = await admin.browser.post(`/api/admin/letters/${letter.id}/retry`, {}, origin);
      return res.statusCode === 409 ? res : undefined;
    });
    expect(smtp.messages.filter((m) => m.rcptTo.includes(person.email) && m.text.includes("pwdtoken="))).toHaveLength(1);
    await smtp.close();
  });

  it("another portal's letter and unknown ids are 404; malformed ids and NUL bytes 400", async () => {
    const other = createJobQueue(t.database, { pollMs: 500, log: silent });
    const theirs = randomUUID();
    await other.send("letter", { to: "x@example.com", subject: "s", text: "t", key: theirs, environmentId: "another-portal" }, { id: theirs });
    expect((await list("?limit=100")).letters.map((l) => l.id)).not.toContain(theirs);
    expectError(await admin.browser.post(`/api/admin/letters/${theirs}/retry`, {}, origin), 404, "LETTER-NOT-FOUND");
    expectError(await admin.browser.post(`/api/admin/letters/${randomUUID()}/retry`, {}, origin), 404, "LETTER-NOT-FOUND");
    expectError(await admin.browser.get(`/api/admin/letters/failed?after=${randomUUID()}`), 404, "LETTER-NOT-FOUND");
    expectError(await admin.browser.get(`/api/admin/letters/failed?after=${theirs}`), 404, "LETTER-NOT-FOUND");
    for (const bad of ["nope", "%00", `${randomUUID().slice(0, 35)}%00`]) {
      expectError(await admin.browser.post(`/api/admin/letters/${bad}/retry`, {}, origin), 400, "VALIDATION");
      expectError(await admin.browser.get(`/api/admin/letters/failed?after=${bad}`), 400, "VALIDATION");
    }
    for (const limit of ["0", "101", "x", "%00"]) expectError(await admin.browser.get(`/api/admin/letters/failed?limit=${limit}`), 400, "VALIDATION");
    await other.stop();
  });

  it("guests get 401, learners, mentors and mp-leaders 403 ADMINS-ONLY; mp-admin may", async () => {
    const calls = [
      { method: "GET" as const, url: "/api/admin/letters/failed", headers: origin },
      { method: "POST" as const, url: `/api/admin/letters/${randomUUID()}/retry`, payload: {}, headers: origin },
    ];
    const refused = await Promise.all([["disciple"], ["disciple", "mentor"], ["disciple", "mp-leader"]].map((roles) => learner(app, t.db, { roles })));
    for (const request of calls) {
      expectError(await new Browser(app).request(request), 401, "UNAUTHORIZED");
      for (const r of refused) expectError(await r.browser.request(request), 403, "ADMINS-ONLY");
    }
    const mpAdmin = await learner(app, t.db, { roles: ["disciple", "mp-admin"] });
    expect((await mpAdmin.browser.get("/api/admin/letters/failed")).statusCode).toBe(200);
  });
});
