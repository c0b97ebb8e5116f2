/**
 * Signed-in users for `app.inject` tests: e-mail registration and login through the API, learners
 * with a patched user row, anonymous session users. Each comes with a `Browser` holding its cookies.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Database, Db } from "../../src/server/db/client";
import { users } from "../../src/server/db/schema/users";
import { createBus } from "../../src/server/platform/bus";
import { signUpBody } from "./factories";
import { Browser } from "./http";

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  userId: string;
  expiresIn: number;
}

export interface Registered extends Tokens {
  email: string;
  password: string;
  browser: Browser;
  res: LightMyRequestResponse;
}

/** Registers by e-mail through the API and checks it worked; the browser keeps the cookies. */
export async function register(app: FastifyInstance, overrides: Record<string, unknown> = {}, browser: Browser = new Browser(app)): Promise<Registered> {
  const body = signUpBody(overrides);
  const res = await browser.post("/api/auth/register", body);
  expect(res.statusCode, res.body).toBe(200);
  const tokens = res.json() as Tokens;
  return { ...tokens, email: String(body.email).trim().toLowerCase(), password: String(body.password), browser, res };
}

/** Signs in by e-mail (new browser unless given) and checks it worked. */
export async function login(app: FastifyInstance, email: string, password: string, browser: Browser = new Browser(app)) {
  const res = await browser.post("/api/auth/login", { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return { ...(res.json() as Tokens), browser, res };
}

/**
 * A registered learner whose row is then patched directly, before the account is used: nothing has
 * kept it in memory yet. To change an account that has been used, use `patchUser`.
 */
export async function learner(app: FastifyInstance, db: Db, patch: Partial<typeof users.$inferInsert> = {}): Promise<Registered> {
  const r = await register(app);
  if (Object.keys(patch).length) await db.update(users).set(patch).where(eq(users.id, r.userId));
  return r;
}

/**
 * Changes an account's row directly and tells the apps on `database` as every write of the users
 * service does (`user:{id}` `changed` on the bus), so the account they keep in memory for session
 * checks goes (docs/decisions/0029). Resolves once this listener heard the event: the apps listen on
 * the same connection and were registered first, so they have heard it too.
 */
export async function patchUser(database: Database, userId: string, patch: Partial<typeof users.$inferInsert>): Promise<void> {
  await database.db.update(users).set(patch).where(eq(users.id, userId));
  const bus = await createBus(database.notifications);
  try {
    const heard = new Promise<void>((resolve) => bus.subscribe(`user:${userId}`, () => resolve()));
    await bus.publish({ topic: `user:${userId}`, kind: "changed", id: userId });
    await heard;
  } finally {
    await bus.close();
  }
}

/** A browser holding an anonymous session user (status session, role disciple). */
export async function sessionBrowser(app: FastifyInstance): Promise<{ browser: Browser; userId: string }> {
  const browser = new Browser(app);
  const res = await browser.post("/api/auth/session");
  expect(res.statusCode, res.body).toBe(200);
  return { browser, userId: res.json().userId };
}
