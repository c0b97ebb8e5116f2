import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { SignJWT, UnsecuredJWT, decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { appSecrets, sessions } from "../../db/schema/auth";
import { signUpBody, uniqueEmail } from "../../../../tests/support/factories";
import { Browser, bearer, expectError, isCleared, meWithBearer, meWithCookie, setCookie, uniqueIp } from "../../../../tests/support/http";
import { login, register, type Registered } from "../../../../tests/support/sign-in";

const WEEK = 7 * 24 * 60 * 60;

describeEachDatabase("auth security", (t) => {
  let user: Registered;
  beforeAll(async () => {
    user = await register(t.app);
  });

  const issuer = () => `mentora:${t.config.PORTAL_ID}`;
  async function storedSecret(): Promise<Uint8Array> {
    const [row] = await t.db.select().from(appSecrets).where(eq(appSecrets.name, "access-token"));
    expect(row?.value).toBeTruthy();
    return new TextEncoder().encode(row.value);
  }

  /** A token signed with our own key and issuer, for a live session, with the given times. */
  async function forge(accessToken: string, times: { iat: number; exp: number }, secret?: Uint8Array) {
    const claims = decodeJwt(accessToken);
    return new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(claims.sub))
      .setIssuer(issuer())
      .setIssuedAt(times.iat)
      .setExpirationTime(times.exp)
      .sign(secret ?? (await storedSecret()));
  }

  describe("access token cookie", () => {
    it("is apollo-token: HttpOnly, Path=/, SameSite=Lax, Max-Age 7 days, not Secure on localhost", async () => {
      for (const host of ["localhost", "localhost:3000", "127.0.0.1", "127.0.0.1:8080"]) {
        const b = new Browser(t.app, { host });
        const res = await b.post("/api/auth/login", { email: user.email, password: user.password });
        expect(res.statusCode, host).toBe(200);
        const c = setCookie(res, "apollo-token");
        expect(c, host).toMatchObject({ value: res.json().accessToken, path: "/", httpOnly: true, secure: false, maxAge: WEEK });
        expect(c!.sameSite?.toLowerCase()).toBe("lax");
        const refresh = setCookie(res, "apollo-refresh");
        expect(refresh).toMatchObject({ value: res.json().refreshToken, path: "/", httpOnly: true, secure: false });
      }
    });

    it("is Secure for a public host", async () => {
      const b = new Browser(t.app, { host: "learn.example.org" });
      const res = await b.post("/api/auth/login", { email: user.email, password: user.password });
      expect(res.statusCode).toBe(200);
      expect(setCookie(res, "apollo-token")).toMatchObject({ secure: true, httpOnly: true, path: "/", maxAge: WEEK });
      expect(setCookie(res, "apollo-refresh")).toMatchObject({ secure: true, httpOnly: true });
    });

    it("is accepted as a cookie and as Authorization: Bearer", async () => {
      const l = await login(t.app, user.email, user.password);
      expect((await meWithCookie(t.app, { "apollo-token": l.accessToken })).json().id).toBe(user.userId);
      const viaBearer = await meWithBearer(t.app, l.accessToken);
      expect(viaBearer.statusCode).toBe(200);
      expect(viaBearer.json().id).toBe(user.userId);
    });
  });

  describe("bad access tokens are 401 TOKEN-BAD and the cookie is cleared", () => {
    const cases: Array<[string, (good: string) => Promise<string>]> = [
      [
        "a tampered payload (sub of another user)",
        async (good) => {
          const [h, p, s] = good.split(".");
          const payload = JSON.parse(Buffer.from(p, "base64url").toString());
          payload.sub = "usr-someone-else";
          return [h, Buffer.from(JSON.stringify(payload)).toString("base64url"), s].join(".");
        },
      ],
      [
        "a flipped signature",
        async (good) => {
          const [h, p, s] = good.split(".");
          const sig = Buffer.from(s, "base64url");
          sig[0] ^= 1;
          return [h, p, sig.toString("base64url")].join(".");
        },
      ],
      [
        "a token signed with another secret",
        async (good) => forge(good, { iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600 }, randomBytes(48)),
      ],
      [
        "an alg: none token",
        async (good) => {
          const c = decodeJwt(good);
          return new UnsecuredJWT({ sid: c.sid }).setSubject(String(c.sub)).setIssuer(issuer()).setIssuedAt().setExpirationTime("10m").encode();
        },
      ],
      [
        "an expired token signed with the stored secret",
        async (good) => forge(good, { iat: Math.floor(Date.now() / 1000) - 3600, exp: Math.floor(Date.now() / 1000) - 60 }),
      ],
      ["garbage", async () => "not.a.jwt"],
    ];

    it.each(cases)("%s", async (_name, make) => {
      const l = await login(t.app, user.email, user.password);
      const bad = await make(l.accessToken);
      expect(bad).not.toBe(l.accessToken);

      const viaCookie = await meWithCookie(t.app, { "apollo-token": bad });
      expectError(viaCookie, 401, "TOKEN-BAD");
      expect(isCleared(setCookie(viaCookie, "apollo-token"))).toBe(true);

      expectError(await meWithBearer(t.app, bad), 401, "TOKEN-BAD");
      // A guarded route says the same.
      const other = await t.app.inject({ method: "GET", url: `/api/users/${user.userId}`, headers: bearer(bad), remoteAddress: uniqueIp() });
      expectError(other, 401, "TOKEN-BAD");
      // The good token of that session still works: the check is on the token, not the session.
      expect((await meWithBearer(t.app, l.accessToken)).statusCode).toBe(200);
    });

    it("the forged-token check really uses the stored secret: the same recipe with a live exp is accepted", async () => {
      const l = await login(t.app, user.email, user.password);
      const now = Math.floor(Date.now() / 1000);
      const fresh = await forge(l.accessToken, { iat: now, exp: now + 600 });
      expect((await meWithBearer(t.app, fresh)).json().id).toBe(user.userId);
    });
  });

  describe("refresh", () => {
    it("rotates the refresh token; the old one then fails and reuse ends the whole session", async () => {
      const l = await login(t.app, user.email, user.password);
      const ip = uniqueIp();
      const refresh = (refreshToken: string) => t.app.inject({ method: "POST", url: "/api/auth/refresh", payload: { refreshToken }, remoteAddress: ip });

      const r1 = await refresh(l.refreshToken);
      expect(r1.statusCode, r1.body).toBe(200);
      const rotated = r1.json();
      expect(rotated.userId).toBe(user.userId);
      expect(rotated.refreshToken).not.toBe(l.refreshToken);
      expect(setCookie(r1, "apollo-token")?.value).toBe(rotated.accessToken);
      expect((await meWithBearer(t.app, rotated.accessToken)).statusCode).toBe(200);

      // The old token again: refused, and the session it belonged to is ended.
      const reuse = await refresh(l.refreshToken);
      expectError(reuse, 401, "TOKEN-BAD");
      expect(isCleared(setCookie(reuse, "apollo-token"))).toBe(true);
      expectError(await refresh(rotated.refreshToken), 401, "TOKEN-BAD");
      expectError(await meWithBearer(t.app, rotated.accessToken), 401, "TOKEN-BAD");
      expectError(await meWithBearer(t.app, l.accessToken), 401, "TOKEN-BAD");
      const [row] = await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, String(decodeJwt(l.accessToken).sid)));
      expect(row.revokedAt).not.toBeNull();
    });

    it("rotates from the refresh cookie, and a refresh of one session leaves the others alone", async () => {
      const other = await login(t.app, user.email, user.password);
      const b = new Browser(t.app);
      await b.post("/api/auth/login", { email: user.email, password: user.password });
      const before = b.jar["apollo-refresh"];
      const res = await b.post("/api/auth/refresh");
      expect(res.statusCode, res.body).toBe(200);
      expect(b.jar["apollo-refresh"]).toBe(res.json().refreshToken);
      expect(b.jar["apollo-refresh"]).not.toBe(before);
      expect((await meWithBearer(t.app, other.accessToken)).statusCode).toBe(200);
    });

    it("refuses an unknown or missing refresh token with 401 TOKEN-BAD", async () => {
      expectError(await new Browser(t.app).post("/api/auth/refresh", { refreshToken: "nope" }), 401, "TOKEN-BAD");
      expectError(await new Browser(t.app).post("/api/auth/refresh"), 401, "TOKEN-BAD");
    });

    it("renews an expired access cookie silently from a valid refresh cookie", async () => {
      const b = new Browser(t.app);
      const l = await b.post("/api/auth/login", { email: user.email, password: user.password });
      expect(l.statusCode).toBe(200);
      const now = Math.floor(Date.now() / 1000);
      const expired = await forge(l.json().accessToken, { iat: now - 3600, exp: now - 10 });
      b.jar["apollo-token"] = expired;

      const res = await b.me();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().id).toBe(user.userId);
      const renewed = setCookie(res, "apollo-token");
      expect(renewed?.value).toBeTruthy();
      expect(renewed!.value).not.toBe(expired);
      expect(renewed).toMatchObject({ httpOnly: true, path: "/", maxAge: WEEK });
      expect(setCookie(res, "apollo-refresh")?.value).not.toBe(l.json().refreshToken);
      // The renewed cookie works on its own.
      expect((await meWithBearer(t.app, renewed!.value)).json().id).toBe(user.userId);
    });

    it("renews parallel requests that carry the same expired access and refresh cookies without ending the session", async () => {
      const b = new Browser(t.app);
      const l = await b.post("/api/auth/login", { email: user.email, password: user.password });
      const now = Math.floor(Date.now() / 1000);
      b.jar["apollo-token"] = await forge(l.json().accessToken, { iat: now - 3600, exp: now - 10 });
      const results = await Promise.all([b.me(), b.me(), b.me()]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      for (const r of results) expect(r.json().id).toBe(user.userId);
      // Whichever renewed access token the browser keeps still works: the session was not ended.
      for (const r of results) {
        const renewed = setCookie(r, "apollo-token")!.value;
        expect((await meWithBearer(t.app, renewed)).statusCode).toBe(200);
      }
    });

    it("still ends the session when a rotated-away refresh token comes back later", async () => {
      const first = await login(t.app, user.email, user.password);
      const rotated = await t.app.inject({
        method: "POST",
        url: "/api/auth/refresh",
        payload: { refreshToken: first.refreshToken },
        remoteAddress: uniqueIp(),
      });
      expect(rotated.statusCode).toBe(200);
      const reuse = await t.app.inject({ method: "POST", url: "/api/auth/refresh", payload: { refreshToken: first.refreshToken }, remoteAddress: uniqueIp() });
      expectError(reuse, 401, "TOKEN-BAD");
      expectError(await meWithBearer(t.app, rotated.json().accessToken), 401, "TOKEN-BAD");
    });

    it("does not renew a bearer token from a refresh cookie", async () => {
      const l = await login(t.app, user.email, user.password);
      const now = Math.floor(Date.now() / 1000);
      const expired = await forge(l.accessToken, { iat: now - 3600, exp: now - 10 });
      const res = await t.app.inject({
        method: "GET",
        url: "/api/users/me",
        headers: { ...bearer(expired), cookie: `apollo-refresh=${l.refreshToken}` },
        remoteAddress: uniqueIp(),
      });
      expectError(res, 401, "TOKEN-BAD");
    });
  });

  describe("logout", () => {
    it("ends the session on the server: the unexpired access token and the refresh token are refused", async () => {
      const b = new Browser(t.app);
      const l = (await b.post("/api/auth/login", { email: user.email, password: user.password })).json();
      const other = await login(t.app, user.email, user.password);
      expect((await meWithBearer(t.app, l.accessToken)).statusCode).toBe(200);

      const res = await b.post("/api/auth/logout");
      expect(res.statusCode).toBe(204);
      expect(isCleared(setCookie(res, "apollo-token"))).toBe(true);
      expect(isCleared(setCookie(res, "apollo-refresh"))).toBe(true);
      expect(decodeJwt(l.accessToken).exp! * 1000).toBeGreaterThan(Date.now());

      expectError(await meWithBearer(t.app, l.accessToken), 401, "TOKEN-BAD");
      expectError(await meWithCookie(t.app, { "apollo-token": l.accessToken, "apollo-refresh": l.refreshToken }), 401, "TOKEN-BAD");
      expectError(await new Browser(t.app).post("/api/auth/refresh", { refreshToken: l.refreshToken }), 401, "TOKEN-BAD");
      // Only that session: another sign-in of the same user goes on.
      expect((await meWithBearer(t.app, other.accessToken)).statusCode).toBe(200);
      // The browser is a guest again.
      expect((await b.me()).json().id).toBe("guest");
    });

    it("ends a bearer-authenticated session too", async () => {
      const l = await login(t.app, user.email, user.password);
      const res = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(l.accessToken), remoteAddress: uniqueIp() });
      expect(res.statusCode).toBe(204);
      expectError(await meWithBearer(t.app, l.accessToken), 401, "TOKEN-BAD");
    });
  });

  describe("origin guard", () => {
    it("refuses a login from a foreign Origin with 403 BAD-ORIGIN and issues nothing", async () => {
      const b = new Browser(t.app, { host: "learn.example.org" });
      const res = await b.post("/api/auth/login", { email: user.email, password: user.password }, { origin: "https://evil.example" });
      expectError(res, 403, "BAD-ORIGIN");
      expect(res.headers["set-cookie"]).toBeUndefined();
      const ok = await b.post("/api/auth/login", { email: user.email, password: user.password }, { origin: "https://learn.example.org" });
      expect(ok.statusCode).toBe(200);
    });
  });

  describe("signing secret", () => {
    it("is shared through the database: two app instances accept each other's tokens", async () => {
      const second = await t.buildApp();
      const fromFirst = await login(t.app, user.email, user.password);
      const fromSecond = await login(second, user.email, user.password);
      expect((await meWithBearer(second, fromFirst.accessToken)).json().id).toBe(user.userId);
      expect((await meWithBearer(t.app, fromSecond.accessToken)).json().id).toBe(user.userId);
      // Logging out on one ends the session for the other.
      await second.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(fromFirst.accessToken), remoteAddress: uniqueIp() });
      expectError(await meWithBearer(t.app, fromFirst.accessToken), 401, "TOKEN-BAD");
      const secrets = await t.db.select().from(appSecrets).where(eq(appSecrets.name, "access-token"));
      expect(secrets).toHaveLength(1);
    });
  });

  describe("rate limits", () => {
    const WINDOW = 2000;
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await t.buildApp({ RATE_LIMIT_WINDOW_MS: String(WINDOW) });
    });

    /** Sends `n` cheap requests (invalid bodies, no hashing) from `ip` and checks none was limited. */
    async function burn(url: string, n: number, ip: string, payload: unknown = {}) {
      for (let i = 0; i < n; i++) {
        const res = await app.inject({ method: "POST", url, payload: payload as object, remoteAddress: ip });
        expect(res.statusCode, `${url} #${i + 1}`).not.toBe(429);
      }
    }

    it("login: 10 attempts, the 11th is 429 RATE-LIMITED even with the right password; works after the window", async () => {
      const ip = uniqueIp();
      const start = Date.now();
      await burn("/api/auth/login", 10, ip);
      const good = { email: user.email, password: user.password };
      const limited = await app.inject({ method: "POST", url: "/api/auth/login", payload: good, remoteAddress: ip });
      expect(Date.now() - start).toBeLessThan(WINDOW);
      expectError(limited, 429, "RATE-LIMITED");
      expect(limited.headers["set-cookie"]).toBeUndefined();

      // Path variants are not a fresh counter: they are no route at all, or the same one.
      for (const url of [
        "/api/auth/login/",
        "/api/AUTH/LOGIN",
        "/api/auth/LOGIN",
        "/api/auth/login?x=1",
        "/api/auth/login;x",
        "/api/auth/login%2F",
        "//api/auth/login",
      ]) {
        const res = await app.inject({ method: "POST", url, payload: good, remoteAddress: ip });
        expect(res.statusCode, url).not.toBe(200);
        expect(res.body, url).not.toContain("accessToken");
        expect(res.headers["set-cookie"], url).toBeUndefined();
        expect([404, 429], url).toContain(res.statusCode);
      }
      // A forwarded-for header does not make a new client either.
      const spoofed = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: good,
        remoteAddress: ip,
        headers: { "x-forwarded-for": "203.0.113.7" },
      });
      expectError(spoofed, 429, "RATE-LIMITED");

      // Another client is not affected.
      expect((await app.inject({ method: "POST", url: "/api/auth/login", payload: good, remoteAddress: uniqueIp() })).statusCode).toBe(200);

      // Once the window is over the address may sign in again: awaited, not slept.
      await expect
        .poll(async () => (await app.inject({ method: "POST", url: "/api/auth/login", payload: good, remoteAddress: ip })).statusCode, {
          timeout: WINDOW * 3,
          interval: 100,
        })
        .toBe(200);
    });

    it("registration is limited (10 per window)", async () => {
      const ip = uniqueIp();
      await burn("/api/auth/register", 10, ip);
      const res = await app.inject({ method: "POST", url: "/api/auth/register", payload: signUpBody(), remoteAddress: ip });
      expectError(res, 429, "RATE-LIMITED");
    });

    it("forgot-password is limited (5 per window)", async () => {
      const ip = uniqueIp();
      await burn("/api/auth/password/forgot", 5, ip);
      const res = await app.inject({ method: "POST", url: "/api/auth/password/forgot", payload: { email: uniqueEmail() }, remoteAddress: ip });
      expectError(res, 429, "RATE-LIMITED");
    });

    it("anonymous login is limited (10 per window)", async () => {
      const ip = uniqueIp();
      await burn("/api/auth/anonymous/login", 10, ip);
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/anonymous/login",
        payload: { username: "someone", password: "secret1" },
        remoteAddress: ip,
      });
      expectError(res, 429, "RATE-LIMITED");
    });

    it("session creation is limited (30 per window)", async () => {
      const ip = uniqueIp();
      // Each of these creates a session user, which takes longer than the short window on a busy machine:
      // counted in an app with a window long enough that only the limit can refuse the 31st.
      const patient = await t.buildApp({ RATE_LIMIT_WINDOW_MS: "60000" });
      for (let i = 0; i < 30; i++) {
        expect((await patient.inject({ method: "POST", url: "/api/auth/session", remoteAddress: ip })).statusCode, `#${i + 1}`).not.toBe(429);
      }
      const res = await patient.inject({ method: "POST", url: "/api/auth/session", remoteAddress: ip });
      expectError(res, 429, "RATE-LIMITED");
    });
  });
});
