import type { FastifyInstance } from "fastify";
import type { JWTPayload } from "jose";
import { SignJWT } from "jose";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { type GoogleJwksStandIn, STAND_IN_KID, startGoogleJwks } from "../../../../tests/stand-ins/google-jwks";
import { cookieHeader, cookiesOf, expectError, uniqueIp } from "../../../../tests/support/http";

const CLIENT_ID = "mentora-web.apps.googleusercontent.com";
let google: GoogleJwksStandIn;

beforeAll(async () => {
  google = await startGoogleJwks();
});

afterAll(async () => {
  await google?.close();
});

const now = () => Math.floor(Date.now() / 1000);
const sign = (claims: JWTPayload = {}) => google.idToken(CLIENT_ID, claims);
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
const payloadOf = (claims: JWTPayload = {}) => ({
  iss: "https://accounts.google.com",
  aud: CLIENT_ID,
  sub: "1122334455",
  iat: now(),
  exp: now() + 3600,
  ...claims,
});

describeEachDatabase("Google One Tap against a local JWKS", (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await t.buildApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: google.url });
  });
  const post = (credential: string, csrf: { cookie?: string; body?: string } = { cookie: "csrf-1", body: "csrf-1" }, form = false) =>
    app.inject({
      method: "POST",
      url: "/api/auth/one-tap",
      remoteAddress: uniqueIp(),
      headers: {
        ...(csrf.cookie ? { cookie: `g_csrf_token=${csrf.cookie}` } : {}),
        "content-type": form ? "application/x-www-form-urlencoded" : "application/json",
      },
      payload: form
        ? new URLSearchParams({ credential, ...(csrf.body ? { g_csrf_token: csrf.body } : {}) }).toString()
        : JSON.stringify({ credential, ...(csrf.body ? { g_csrf_token: csrf.body } : {}) }),
    });

  it("signs in with a good token, keyed by sub: the same Google account as the redirect login", async () => {
    const res = await post(await sign());
    expect(res.statusCode, res.body).toBe(200);
    const me = (await app.inject({ method: "GET", url: "/api/users/me", headers: { cookie: cookieHeader(cookiesOf(res)) } })).json();
    expect(me).toMatchObject({ email: "deniz@example.com", firstName: "Deniz", status: "active", roles: ["disciple"] });
    expect(me.links).toContain("google|1122334455");
    // The issuer without https:// is Google's too; a form post works like JSON.
    const again = await post(await sign({ iss: "accounts.google.com" }), undefined, true);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().userId).toBe(me.id);
  });

  it("fetches the key set once and keeps it", async () => {
    const before = google.hits();
    for (let i = 0; i < 3; i++) expect((await post(await sign({ sub: `cache-${i}` }))).statusCode).toBe(200);
    expect(google.hits()).toBe(before);
  });

  it.each([
    ["another audience", () => sign({ aud: "someone-else.apps.googleusercontent.com" })],
    ["another issuer", () => sign({ iss: "https://evil.example" })],
    ["an expired token", () => sign({ iat: now() - 7200, exp: now() - 3600 })],
    ["a key Google never published", () => google.foreignIdToken(CLIENT_ID)],
    [
      "an HS256 token keyed with the public key",
      async () => {
        const secret = new TextEncoder().encode(await google.publicPem());
        return new SignJWT(payloadOf()).setProtectedHeader({ alg: "HS256", kid: STAND_IN_KID }).sign(secret);
      },
    ],
    ["alg none", async () => `${b64({ alg: "none", typ: "JWT" })}.${b64(payloadOf())}.`],
    [
      "a tampered payload",
      async () => {
        const [h, , s] = (await sign()).split(".");
        return `${h}.${b64(payloadOf({ sub: "someone-else" }))}.${s}`;
      },
    ],
    ["garbage", async () => "not-a-jwt"],
  ])("refuses %s with ONE-TAP-INVALID, signing nobody in", async (_what, make) => {
    const res = await post(await make());
    expectError(res, 401, "ONE-TAP-INVALID");
    expect(cookiesOf(res)["apollo-token"]).toBeUndefined();
  });

  it.each([
    ["no cookie", { body: "csrf-1" }],
    ["no posted token", { cookie: "csrf-1" }],
    ["a mismatch", { cookie: "csrf-1", body: "csrf-2" }],
  ])("refuses %s of g_csrf_token with CSRF-MISMATCH before looking at the credential", async (_what, csrf) => {
    const res = await post(await sign({ sub: "csrf-case" }), csrf);
    expectError(res, 403, "CSRF-MISMATCH");
    expect(cookiesOf(res)["apollo-token"]).toBeUndefined();
  });

  it("answers 404 when no Google client id is configured, and VALIDATION without a credential", async () => {
    expectError(
      await t.app.inject({ method: "POST", url: "/api/auth/one-tap", payload: { credential: "x", g_csrf_token: "a" }, headers: { cookie: "g_csrf_token=a" } }),
      404,
      "NOT-FOUND",
    );
    expectError(
      await app.inject({ method: "POST", url: "/api/auth/one-tap", payload: { g_csrf_token: "a" }, headers: { cookie: "g_csrf_token=a" } }),
      400,
      "VALIDATION",
    );
  });
});
