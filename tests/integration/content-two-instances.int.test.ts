/**
 * Issue 10's promise for cached reads: two app instances on one PostgreSQL database, each with its own
 * connection pool, bus listener and caches. A course changed through one instance's admin API shows
 * on the other instance, in its API and in its cached guest page, within a second.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/server/config";
import { openDatabase, type Database } from "../../src/server/db/client";
import { users } from "../../src/server/db/schema/users";
import { buildApp } from "../../src/server/main";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../setup/databases";
import { Browser, json } from "../support/http";
import { register } from "../support/sign-in";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const GUEST = { cookie: "lang=en; cookie-agreement=analytics%3A0%7Cyoutube%3A0%7Cvimeo%3A0%7Chotjar%3A0", "user-agent": BROWSER };
const PAGE = "/en/courses/reading-foundations";
const API = "/api/courses/reading-foundations?lang=en";
const isHit = (res: LightMyRequestResponse) => String(res.headers["content-security-policy"]).includes("'sha256-");
const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

describe.runIf(databaseKinds().includes("postgres"))("a content change through one instance shows on the other", () => {
  let test: TestDatabase;
  let second: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    const config = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED_DEMO: "false" });
    test = await openTestDatabase("postgres", config);
    second = await openDatabase({ url: test.url });
    const env = { ...config, DATABASE_URL: test.url };
    a = await buildApp({ config: env, database: test.database, ssr: true, logger: false });
    b = await buildApp({ config: env, database: second, ssr: true, logger: false });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await test?.dispose();
  });

  it("within 1 s: B's course API and its cached guest page", async () => {
    const admin = new Browser(a);
    const { userId } = await register(a, {}, admin);
    await test.database.db
      .update(users)
      .set({ roles: ["admin"] })
      .where(eq(users.id, userId));

    // B has the course in its caches: the API read and the guest page (served from memory).
    expect(json<{ title: string }>(await b.inject({ method: "GET", url: API })).title).toBe("Foundations of Reading");
    let primed: LightMyRequestResponse | undefined;
    for (let i = 0; i < 50 && !(primed && isHit(primed)); i++) {
      // A turn of the event loop lets the page's compression (on the thread pool) finish and store it.
      await new Promise((r) => setTimeout(r, 20));
      primed = await b.inject({ method: "GET", url: PAGE, headers: GUEST });
    }
    expect(isHit(primed!)).toBe(true);
    expect(heading(primed!.body)).toBe("Foundations of Reading");

    const title = `Reading, changed on A ${Date.now()}`;
    json(await admin.patch("/api/admin/courses/reading-foundations", { title: { en: title } }, { origin: "http://localhost" }));
    const changedAt = Date.now();

    let apiSeen: number | undefined;
    let pageSeen: number | undefined;
    while ((apiSeen === undefined || pageSeen === undefined) && Date.now() - changedAt < 10_000) {
      // Reads served from memory do no I/O: yield so that B's bus connection can deliver the bump.
      await new Promise((r) => setImmediate(r));
      if (apiSeen === undefined && json<{ title: string }>(await b.inject({ method: "GET", url: API })).title === title) apiSeen = Date.now() - changedAt;
      if (pageSeen === undefined && heading((await b.inject({ method: "GET", url: PAGE, headers: GUEST })).body) === title) pageSeen = Date.now() - changedAt;
    }
    expect(apiSeen, "B's API shows the new title").toBeLessThan(1_000);
    expect(pageSeen, "B's guest page shows the new title").toBeLessThan(1_000);
  });
});
