/**
 * Helpers for the learning integration tests: signed-in learners, session users, admins, mentors
 * and buyers, each with a browser that keeps its cookies. Not a test file itself.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/users";
import { Browser, register, type Registered } from "../auth/test-helpers";

export { Browser, expectError } from "../auth/test-helpers";

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

export const json = <T = Record<string, unknown>>(res: { statusCode: number; body: string; json: () => unknown }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
