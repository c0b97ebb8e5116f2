/**
 * Signed-in users for `app.inject` tests: e-mail registration and login through the API, learners
 * with a patched user row, anonymous session users. Each comes with a `Browser` holding its cookies.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Db } from "../../src/server/db/client";
import { users } from "../../src/server/db/schema/users";
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

export async function learner(app: FastifyInstance, db: Db, patch: Partial<typeof users.$inferInsert> = {}): Promise<Registered> {
  const r = await register(app);
  if (Object.keys(patch).length) await db.update(users).set(patch).where(eq(users.id, r.userId));
  return r;
}

/** A browser holding an anonymous session user (status session, role disciple). */
export async function sessionBrowser(app: FastifyInstance): Promise<{ browser: Browser; userId: string }> {
  const browser = new Browser(app);
  const res = await browser.post("/api/auth/session");
  expect(res.statusCode, res.body).toBe(200);
  return { browser, userId: res.json().userId };
}
