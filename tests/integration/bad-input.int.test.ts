/**
 * The "500 on bad input" attacks of the security review, each replayed against the API on both
 * databases: every one must now be a typed 4xx in the app's error shape (docs/decisions/0014).
 */
import { createHash, createHmac } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { signUpBody } from "../support/factories";
import { Browser } from "../support/http";
import { register, type Registered } from "../support/sign-in";
import { describeEachDatabase } from "../setup/databases";

const COURSE = "reading-foundations";
const BOT = "777777777:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";

/** Signs Telegram widget fields the way Telegram does. */
function telegramSigned(fields: Record<string, string>): Record<string, string> {
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("\n");
  return { ...fields, hash: createHmac("sha256", createHash("sha256").update(BOT).digest()).update(check).digest("hex") };
}

function expectAppError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { error: { code: string; message: string; key: string } };
  expect(body.error).toMatchObject({ code, key: expect.stringMatching(/^errors:codes\./) });
  expect(typeof body.error.message).toBe("string");
  return body.error as { code: string; message: string; key: string; details?: { validationErrors: { path: string; message: string }[] } };
}

function expectUnsafeText(res: LightMyRequestResponse) {
  const error = expectAppError(res, 400, "VALIDATION");
  expect(error.details?.validationErrors).toEqual([expect.objectContaining({ message: "crud.validation.message.unsafeText" })]);
}

describeEachDatabase("bad input", (t) => {
  let user: Registered;
  beforeAll(async () => {
    user = await register(t.app);
  });

  describe("NUL bytes", () => {
    it("in a path parameter", async () => {
      expectUnsafeText(await new Browser(t.app).get("/api/pages/by-model/course/%00"));
      expectUnsafeText(await new Browser(t.app).get(`/api/courses/a%00b`));
    });

    it("in a query string", async () => {
      expectUnsafeText(await new Browser(t.app).get(`/api/courses?lang=e%00n`));
      expectUnsafeText(await new Browser(t.app).get(`/api/courses?unknown=%00`));
    });

    it("in register and login bodies", async () => {
      for (const body of [
        signUpBody({ firstName: "An\u0000n" }),
        signUpBody({ email: "a\u0000b@example.com" }),
        signUpBody({ password: "secret\u0000secret" }),
        signUpBody({ additional: "x\u0000" }),
      ]) {
        expectUnsafeText(await new Browser(t.app).post("/api/auth/register", body));
      }
      expectUnsafeText(await new Browser(t.app).post("/api/auth/login", { email: user.email, password: "x\u0000" }));
      expectUnsafeText(await new Browser(t.app).post("/api/auth/password/forgot", { email: "nul\u0000@example.com" }));
    });

    it("in form values and progress variables", async () => {
      const res = await new Browser(t.app).post("/api/forms/contact/submit", { lang: "en", values: { name: "A\u0000" } });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expectUnsafeText(await user.browser.put(`/api/progress/courses/${COURSE}/variables/x`, { value: "a\u0000b" }));
    });

    it("in an object key", async () => {
      expectUnsafeText(await user.browser.put(`/api/progress/courses/${COURSE}/variables/x`, { value: "ok", "k\u0000": 1 }));
    });
  });

  describe("lone surrogates", () => {
    it("are refused in a jsonb progress variable (raw JSON escape)", async () => {
      const res = await user.browser.request({
        method: "PUT",
        url: `/api/progress/courses/${COURSE}/variables/x`,
        headers: { "content-type": "application/json" },
        payload: '{"value":"a\\ud800b"}',
      });
      expectUnsafeText(res);
      // A proper pair is fine and is stored as sent.
      const ok = await user.browser.request({
        method: "PUT",
        url: `/api/progress/courses/${COURSE}/variables/x`,
        headers: { "content-type": "application/json" },
        payload: '{"value":"a\\ud83d\\ude00b"}',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().variables.x).toBe("a\u{1F600}b");
    });

    it("are refused in register bodies", async () => {
      const res = await new Browser(t.app).request({
        method: "POST",
        url: "/api/auth/register",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(signUpBody()).replace('"firstName":"Ann"', '"firstName":"A\\udc00nn"'),
      });
      expectUnsafeText(res);
    });
  });

  describe("Unicode NFC", () => {
    it("stores a decomposed name and variable in composed form", async () => {
      const res = await user.browser.put(`/api/progress/courses/${COURSE}/variables/nfc`, { value: "Cafe\u0301" });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().variables.nfc).toBe("Caf\u00e9");
    });
  });

  describe("framework replies in the app's error shape", () => {
    it("404 for unknown non-page paths", async () => {
      expectAppError(await t.app.inject({ method: "GET", url: "/no/such/thing" }), 404, "NOT-FOUND");
      expectAppError(await t.app.inject({ method: "GET", url: "/api/no/such/thing" }), 404, "NOT-FOUND");
    });

    it("400 for a malformed percent-encoding", async () => {
      expectAppError(await t.app.inject({ method: "GET", url: "/%E0%A4%A" }), 400, "VALIDATION");
      expectAppError(await t.app.inject({ method: "GET", url: "/api/pages/by-model/course/%E0%A4%A" }), 400, "VALIDATION");
    });

    it("405 with Allow for TRACE and CONNECT", async () => {
      for (const method of ["TRACE", "CONNECT"] as const) {
        const res = await t.app.inject({ method, url: "/api/courses" });
        expectAppError(res, 405, "METHOD-NOT-ALLOWED");
        expect(res.headers.allow).toContain("GET");
      }
    });

    it("431 for oversized headers over a real socket", async () => {
      const app = await t.buildApp();
      const address = await app.listen({ port: 0, host: "127.0.0.1" });
      try {
        const res = await fetch(`${address}/api/health`, { headers: { "x-big": "x".repeat(64 * 1024) } });
        expect(res.status).toBe(431);
        // No request was parsed, so the reply has an id of its own (docs/decisions/0067).
        const requestId = res.headers.get("x-request-id");
        expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
        expect(await res.json()).toMatchObject({ error: { code: "HEADERS-TOO-LARGE", key: "errors:codes.HEADERS_TOO_LARGE", requestId } });
        // The server keeps serving.
        expect((await fetch(`${address}/api/health`)).status).toBe(200);
      } finally {
        await app.close();
      }
    });

    it("413 for an oversized body and 415 for a wrong content type", async () => {
      const big = await new Browser(t.app).post("/api/auth/login", { email: "a@example.com", password: "x".repeat(2 * 1024 * 1024) });
      expectAppError(big, 413, "PAYLOAD-TOO-LARGE");
      const wrong = await new Browser(t.app).post("/api/auth/login", "email=a", { "content-type": "application/x-www-form-urlencoded" });
      expectAppError(wrong, 415, "UNSUPPORTED-MEDIA-TYPE");
      const broken = await new Browser(t.app).post("/api/auth/login", '{"email":', { "content-type": "application/json" });
      expectAppError(broken, 400, "VALIDATION");
    });
  });

  describe("non-Latin-1 return addresses", () => {
    it("Telegram's quick_link=/ru/курсы redirects percent-encoded (signed in, failed and connecting)", async () => {
      const app = await t.buildApp({ TELEGRAM_BOT_TOKEN: BOT });
      const now = String(Math.floor(Date.now() / 1000));
      const url = (fields: Record<string, string>, quickLink: string) =>
        `/connect/telegram/callback?${new URLSearchParams({ ...fields, quick_link: quickLink, lang: "ru" })}`;
      const encoded = "/ru/%D0%BA%D1%83%D1%80%D1%81%D1%8B";
      const signedIn = await app.inject({ method: "GET", url: url(telegramSigned({ id: "90001", first_name: "Олег", auth_date: now }), "/ru/курсы") });
      expect(signedIn.statusCode, signedIn.body).toBe(302);
      expect(signedIn.headers.location).toBe(encoded);
      const failed = await app.inject({ method: "GET", url: url({ id: "90001", auth_date: now, hash: "00" }, "/ru/курсы?тема=да#часть") });
      expect(failed.statusCode, failed.body).toBe(302);
      expect(failed.headers.location).toBe(`${encoded}?%D1%82%D0%B5%D0%BC%D0%B0=%D0%B4%D0%B0&login=failed#%D1%87%D0%B0%D1%81%D1%82%D1%8C`);
      const connecting = await user.browser.request({
        method: "GET",
        url: url(telegramSigned({ id: "90002", first_name: "Ann", auth_date: now }), "/ru/курсы"),
      });
      // The shared test app has no bot token; the one with it answers for the signed-in learner.
      expect(connecting.statusCode).toBeLessThan(500);
      const linked = await app.inject({
        method: "GET",
        url: url(telegramSigned({ id: "90002", first_name: "Ann", auth_date: now }), "/ru/курсы"),
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      expect(linked.statusCode, linked.body).toBe(302);
      expect(linked.headers.location).toBe(encoded);
    });
  });
});
