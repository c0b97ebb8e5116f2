import { createHash, createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { messengerConnects } from "../../db/schema/auth";
import { environments, portals } from "../../db/schema/portal";
import { signWebhook } from "../../platform/webhook-signature";
import { PASSWORD, uniqueEmail } from "../../../../tests/support/factories";
import { Browser, expectError, setCookie } from "../../../../tests/support/http";
import { changeContent } from "../../platform/content-version";

const SECRET = "webhook-secret-0123456789abcdef0123456789";
const BOT = "777777777:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const ENDPOINTS = {
  whatsapp: { endpoint: "+90 555 000 11 22" },
  viber: { endpoint: "mentora" },
  facebookmessenger: { endpoint: "mentora.page" },
  telegram: { endpoint: "mentora_bot" },
};

describeEachDatabase("messenger sign-in by one-time code", (t) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const [portal] = await t.db.select().from(portals).where(eq(portals.id, t.config.PORTAL_ID));
    await changeContent(t.db, async (tx) => {
      await tx
        .update(portals)
        .set({ registration: { ...portal.registration, messengers: ["whatsapp", "telegram", "viber", "facebookmessenger"] } })
        .where(eq(portals.id, t.config.PORTAL_ID));
    });
    const [env] = await t.db.select().from(environments).where(eq(environments.id, t.config.ENVIRONMENT_ID));
    await changeContent(t.db, async (tx) => {
      await tx
        .update(environments)
        .set({ integrations: { ...env.integrations, messengers: ENDPOINTS } })
        .where(eq(environments.id, t.config.ENVIRONMENT_ID));
    });
    app = await t.buildApp({ MESSENGER_WEBHOOK_SECRET: SECRET, TELEGRAM_BOT_TOKEN: BOT });
  });

  /** A browser that opens /connect/{messenger}: the code is in its own flow cookie. */
  async function startFlow(messenger = "whatsapp", quickLink = "/en/courses?tab=2", browser = new Browser(app)) {
    const res = await browser.get(`/connect/${messenger}?quick_link=${encodeURIComponent(quickLink)}&lang=en`);
    expect(res.statusCode, res.body).toBe(302);
    const cookie = setCookie(res, "mentora-connect")!;
    return { browser, res, cookie, code: cookie.value.split(".")[1] };
  }

  const webhook = (messenger: string, body: unknown, sign: (raw: string) => string | undefined = (raw) => signWebhook(SECRET, raw)) => {
    const raw = JSON.stringify(body);
    const signature = sign(raw);
    return app.inject({
      method: "POST",
      url: `/api/messengers/${messenger}/webhook`,
      payload: raw,
      headers: { "content-type": "application/json", ...(signature ? { "x-mentora-signature": signature } : {}) },
    });
  };
  const status = async (b: Browser) => (await b.get("/api/messengers/connect/status")).json().state;

  describe("settings", () => {
    it("lists a messenger only when the portal switches it on, its endpoint is set and the server can verify it", async () => {
      const on = (await app.inject({ method: "GET", url: "/api/portal/settings" })).json().providers;
      expect(on.messengers).toEqual(["whatsapp", "telegram", "viber", "facebookmessenger"]);
      expect(on.telegram).toBe(true);
      const noSecrets = await t.buildApp();
      const off = (await noSecrets.inject({ method: "GET", url: "/api/portal/settings" })).json().providers;
      expect(off).toMatchObject({ messengers: [], telegram: false });
      expect((await noSecrets.inject({ method: "GET", url: "/connect/whatsapp?lang=en" })).statusCode).toBe(404);
      const onlyTelegram = await t.buildApp({ TELEGRAM_BOT_TOKEN: BOT });
      expect((await onlyTelegram.inject({ method: "GET", url: "/api/portal/settings" })).json().providers.messengers).toEqual(["telegram"]);
    });

    it("drops a messenger whose endpoint is missing", async () => {
      const [env] = await t.db.select().from(environments).where(eq(environments.id, t.config.ENVIRONMENT_ID));
      const { viber: _gone, ...rest } = ENDPOINTS;
      await changeContent(t.db, async (tx) => {
        await tx
          .update(environments)
          .set({ integrations: { ...env.integrations, messengers: rest } })
          .where(eq(environments.id, t.config.ENVIRONMENT_ID));
      });
      try {
        expect((await app.inject({ method: "GET", url: "/api/portal/settings" })).json().providers.messengers).toEqual([
          "whatsapp",
          "telegram",
          "facebookmessenger",
        ]);
        expectError(await app.inject({ method: "GET", url: "/connect/viber?lang=en" }), 404, "NOT-FOUND");
      } finally {
        await changeContent(t.db, async (tx) => {
          await tx.update(environments).set({ integrations: env.integrations }).where(eq(environments.id, t.config.ENVIRONMENT_ID));
        });
      }
    });
  });

  describe("the flow", () => {
    it("code, signed webhook, completion: signs in once and returns to quick_link", async () => {
      const { browser, res, cookie, code } = await startFlow();
      expect(res.headers.location).toBe("/en/connect/whatsapp");
      expect(cookie).toMatchObject({ httpOnly: true, path: "/", sameSite: "Lax" });
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      // Only hashes are stored: neither the code nor the flow secret is in the row.
      const rows = await t.db.select().from(messengerConnects);
      expect(JSON.stringify(rows)).not.toContain(code);
      expect(JSON.stringify(rows)).not.toContain(cookie.value.split(".")[0]);
      expect(await status(browser)).toBe("pending");

      // The visitor typed it with a dash and in lower case.
      const confirmed = await webhook("whatsapp", {
        code: `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`,
        messengerUserId: "905550001122",
        name: "Selin",
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await status(browser)).toBe("confirmed");

      const done = await browser.post("/api/messengers/connect/complete");
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ returnTo: "/en/courses?tab=2", signedIn: true });
      expect(browser.jar["apollo-token"]).toBeTruthy();
      expect(browser.jar["mentora-connect"]).toBeUndefined();
      const me = (await browser.get("/api/users/me")).json();
      expect(me).toMatchObject({ firstName: "Selin", status: "active", roles: ["disciple"] });
      expect(me.links).toContain("whatsapp|905550001122");

      // Single use: the same code again, and the same flow cookie again, change nothing.
      expectError(await webhook("whatsapp", { code, messengerUserId: "905550009999" }), 409, "CONNECT-CODE-USED");
      const replay = await app.inject({ method: "POST", url: "/api/messengers/connect/complete", headers: { cookie: `mentora-connect=${cookie.value}` } });
      expectError(replay, 409, "CONNECT-CODE-USED");

      // The same WhatsApp user next time is the same account.
      const next = await startFlow();
      await webhook("whatsapp", { code: next.code, messengerUserId: "905550001122", name: "Selin" });
      await next.browser.post("/api/messengers/connect/complete");
      expect((await next.browser.get("/api/users/me")).json().id).toBe(me.id);
    });

    it("refuses a webhook with a missing, malformed or wrong signature, or a body changed after signing", async () => {
      const { browser, code } = await startFlow("viber");
      const body = { code, messengerUserId: "viber-1" };
      const wrongKey = (raw: string) => `sha256=${createHmac("sha256", "another-secret-another-secret-0000").update(raw).digest("hex")}`;
      const sha1 = (raw: string) => `sha256=${createHash("sha1").update(raw).digest("hex")}`;
      for (const sign of [
        () => undefined,
        () => "sha256=zz",
        () => "md5=abc",
        wrongKey,
        sha1,
        (raw: string) => signWebhook(SECRET, raw.replace("viber-1", "viber-2")),
      ]) {
        expectError(await webhook("viber", body, sign), 401, "WEBHOOK-SIGNATURE");
      }
      expect(await status(browser)).toBe("pending");
      expect((await webhook("viber", body)).statusCode).toBe(200);
    });

    it("refuses unknown codes, codes of another messenger and malformed bodies with typed errors", async () => {
      const { browser, code } = await startFlow("facebookmessenger");
      expectError(await webhook("facebookmessenger", { code: "ABCDEFGH", messengerUserId: "psid-1" }), 404, "CONNECT-CODE-INVALID");
      expectError(await webhook("facebookmessenger", { code: "not a code at all", messengerUserId: "psid-1" }), 404, "CONNECT-CODE-INVALID");
      expectError(await webhook("whatsapp", { code, messengerUserId: "psid-1" }), 404, "CONNECT-CODE-INVALID");
      expectError(await webhook("facebookmessenger", { code }), 400, "VALIDATION");
      expectError(await webhook("telegram", { code, messengerUserId: "psid-1" }), 400, "VALIDATION");
      expect(await status(browser)).toBe("pending");
    });

    it("an expired code cannot be confirmed or completed", async () => {
      const { browser, code } = await startFlow();
      const flowHash = createHash("sha256").update(browser.jar["mentora-connect"].split(".")[0]).digest("hex");
      await t.db
        .update(messengerConnects)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(messengerConnects.flowHash, flowHash));
      expectError(await webhook("whatsapp", { code, messengerUserId: "905550003344" }), 410, "CONNECT-CODE-EXPIRED");
      expect(await status(browser)).toBe("expired");
      expectError(await browser.post("/api/messengers/connect/complete"), 410, "CONNECT-CODE-EXPIRED");
      expect(browser.jar["apollo-token"]).toBeUndefined();
    });

    it("completes only in the browser that started it, and only after the bot confirmed", async () => {
      const { browser, code } = await startFlow();
      expectError(await browser.post("/api/messengers/connect/complete"), 409, "CONNECT-NOT-CONFIRMED");
      await webhook("whatsapp", { code, messengerUserId: "905550005566" });
      const stranger = new Browser(app);
      expectError(await stranger.post("/api/messengers/connect/complete"), 404, "CONNECT-CODE-INVALID");
      expectError(await stranger.get("/api/messengers/connect/status"), 404, "CONNECT-CODE-INVALID");
      // A guessed code next to a real-looking flow secret is not the flow.
      const [secret] = browser.jar["mentora-connect"].split(".");
      const forged = await app.inject({ method: "POST", url: "/api/messengers/connect/complete", headers: { cookie: `mentora-connect=${secret}.AAAAAAAA` } });
      expectError(forged, 404, "CONNECT-CODE-INVALID");
      expect((await browser.post("/api/messengers/connect/complete")).statusCode).toBe(200);
    });

    it("refuses a quick_link that leaves the site with ERR_REDIRECT and starts nothing", async () => {
      const before = (await t.db.select().from(messengerConnects)).length;
      for (const bad of ["//evil.example/", "https://evil.example/x", "/\\evil.example"]) {
        const res = await app.inject({ method: "GET", url: `/connect/whatsapp?quick_link=${encodeURIComponent(bad)}&lang=en` });
        expectError(res, 400, "ERR_REDIRECT");
        expect(setCookie(res, "mentora-connect")).toBeUndefined();
      }
      expect((await t.db.select().from(messengerConnects)).length).toBe(before);
    });
  });

  describe("a signed-in learner connecting a messenger (messengers-login-hs)", () => {
    it("links the messenger account to the account they are in, and refuses one linked to somebody else", async () => {
      const browser = new Browser(app);
      const email = uniqueEmail("hs");
      expect((await browser.post("/api/auth/register", { email, password: PASSWORD, firstName: "Aylin", lastName: "Demir", agree: true })).statusCode).toBe(
        200,
      );
      const me = (await browser.get("/api/users/me")).json();
      const { code } = await startFlow("viber", "/en/", browser);
      await webhook("viber", { code, messengerUserId: "viber-hs-1", name: "Aylin V" });
      const done = await browser.post("/api/messengers/connect/complete");
      expect(done.json()).toEqual({ returnTo: "/en/", signedIn: false });
      const after = (await browser.get("/api/users/me")).json();
      expect(after.id).toBe(me.id);
      expect(after.links).toEqual(expect.arrayContaining([`email|${email}`, "viber|viber-hs-1"]));

      // Another learner cannot take that Viber account over.
      const other = new Browser(app);
      await other.post("/api/auth/register", { email: uniqueEmail("hs2"), password: PASSWORD, firstName: "Cem", lastName: "Yilmaz", agree: true });
      const second = await startFlow("viber", "/en/", other);
      await webhook("viber", { code: second.code, messengerUserId: "viber-hs-1" });
      expectError(await other.post("/api/messengers/connect/complete"), 409, "IDENTITY-LINKED");
      expect((await other.get("/api/users/me")).json().links).not.toContain("viber|viber-hs-1");
    });

    it("links Telegram through the widget callback for a signed-in learner", async () => {
      const browser = new Browser(app);
      await browser.post("/api/auth/register", { email: uniqueEmail("tg"), password: PASSWORD, firstName: "Oya", lastName: "Aksoy", agree: true });
      const me = (await browser.get("/api/users/me")).json();
      const fields = { id: "9090", first_name: "Oya", auth_date: String(Math.floor(Date.now() / 1000)) };
      const check = Object.keys(fields)
        .sort()
        .map((k) => `${k}=${fields[k as keyof typeof fields]}`)
        .join("\n");
      const hash = createHmac("sha256", createHash("sha256").update(BOT).digest()).update(check).digest("hex");
      const res = await browser.get(`/connect/telegram/callback?${new URLSearchParams({ ...fields, hash, quick_link: "/en/" })}`);
      expect(res.headers.location).toBe("/en/");
      const after = (await browser.get("/api/users/me")).json();
      expect(after.id).toBe(me.id);
      expect(after.links).toContain("telegram|9090");
    });

    it("sends /connect/telegram to the widget page in the visitor's language", async () => {
      const res = await app.inject({ method: "GET", url: `/connect/telegram?quick_link=${encodeURIComponent("/ar/?x=1")}&lang=ar` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/ar/connect/telegram?quick_link=${encodeURIComponent("/ar/?x=1")}`);
    });
  });
});
