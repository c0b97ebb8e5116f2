/**
 * Rate limits are counted in the database (docs/decisions/0028), so two app instances enforce one
 * limit: per client address and route, and per account. On PostgreSQL the second instance has a
 * connection pool of its own; on PGlite both apps share the one embedded database.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { buildApp } from "../main";
import { describeEachDatabase } from "../../../tests/setup/databases";
import { bearer, expectError, uniqueIp } from "../../../tests/support/http";
import { register } from "../../../tests/support/sign-in";
import { PER_ACCOUNT_LIMITS, RATE_LIMITS } from "./rate-limit";

// Ten argon2 logins must fit in one window even on a loaded two-core machine.
const WINDOW_MS = 8_000;

// The window tests wait for a window (WINDOW_MS) to pass after filling it.
vi.setConfig({ testTimeout: 60_000 });

describeEachDatabase("rate limits shared by two instances", (t) => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let second: Database | undefined;
  beforeAll(async () => {
    const env = { RATE_LIMIT_WINDOW_MS: String(WINDOW_MS) };
    a = await t.buildApp(env);
    if (t.url) {
      second = await openDatabase({ url: t.url });
      b = await buildApp({ config: t.makeConfig(env), database: second, ssr: false, logger: false });
    } else {
      b = await t.buildApp(env);
    }
  });
  afterAll(async () => {
    if (second) {
      await b?.close();
      await second.close();
    }
  });

  const login = (app: FastifyInstance, ip: string, payload: object) => app.inject({ method: "POST", url: "/api/auth/login", payload, remoteAddress: ip });

  it(`counts the login limit across both: ${RATE_LIMITS.login} attempts through A and B, then either refuses; a new window lets the address in`, async () => {
    const u = await register(a);
    const ip = uniqueIp();
    const wrong = { email: u.email, password: "not the password" };
    const start = Date.now();
    for (let i = 0; i < RATE_LIMITS.login; i++) expectError(await login(i % 2 ? b : a, ip, wrong), 401, "INVALID-CREDENTIALS");
    const good = { email: u.email, password: u.password };
    expectError(await login(a, ip, good), 429, "RATE-LIMITED");
    expectError(await login(b, ip, good), 429, "RATE-LIMITED");
    expect(Date.now() - start, "the attempts outlasted the window: raise WINDOW_MS").toBeLessThan(WINDOW_MS);

    // The counter is this route's and this address's only.
    expect((await login(b, uniqueIp(), good)).statusCode).toBe(200);
    const anonymous = await b.inject({
      method: "POST",
      url: "/api/auth/anonymous/login",
      payload: { username: "nobody-here", password: "x" },
      remoteAddress: ip,
    });
    expect(anonymous.statusCode, anonymous.body).not.toBe(429);

    // Once the window is over: awaited, not slept.
    await expect.poll(async () => (await login(b, ip, good)).statusCode, { timeout: WINDOW_MS * 3, interval: 100 }).toBe(200);
  });

  it(`counts the per-account profile limit across both: ${PER_ACCOUNT_LIMITS.profile} changes through A and B, then 429 on either`, async () => {
    const u = await register(a);
    const change = (app: FastifyInstance) =>
      app.inject({
        method: "PATCH",
        url: "/api/users/me/profile",
        payload: { core: { complete: true } },
        headers: bearer(u.accessToken),
        remoteAddress: uniqueIp(),
      });
    const start = Date.now();
    for (let i = 0; i < PER_ACCOUNT_LIMITS.profile; i++) {
      const res = await change(i % 2 ? b : a);
      expect(res.statusCode, res.body).toBe(200);
    }
    expectError(await change(a), 429, "RATE-LIMITED");
    expectError(await change(b), 429, "RATE-LIMITED");
    expect(Date.now() - start, "the changes outlasted the window: raise WINDOW_MS").toBeLessThan(WINDOW_MS);
    await expect.poll(async () => (await change(b)).statusCode, { timeout: WINDOW_MS * 3, interval: 100 }).toBe(200);
  });
});
