/**
 * Facebook, messenger and One Tap sign-in in Chromium, against local stand-ins: the Facebook
 * stand-in (dialog and Graph API), the test itself playing the messenger bot (signed webhooks),
 * and a local JWKS with a stand-in of Google's One Tap client script.
 */
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messengerConnects } from "../../src/server/db/schema/auth";
import { environments, portals } from "../../src/server/db/schema/portal";
import { signWebhook } from "../../src/server/platform/webhook-signature";
import { type FacebookStandIn, startFacebookStandIn } from "../stand-ins/facebook";
import { type GoogleJwksStandIn, startGoogleJwks } from "../stand-ins/google-jwks";
import { useE2E, waitForHydration } from "./fixtures";
import { changeContent } from "../../src/server/platform/content-version";

const SECRET = "e2e-webhook-secret-0123456789abcdef-0123";
const BOT = "777777777:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const CLIENT_ID = "mentora-e2e.apps.googleusercontent.com";
const GSI = "https://accounts.google.com/gsi/client";
const ENDPOINTS = {
  whatsapp: { endpoint: "+90 555 000 11 22" },
  viber: { endpoint: "mentora" },
  facebookmessenger: { endpoint: "mentora.page" },
  telegram: { endpoint: "mentora_bot" },
};

let fb: FacebookStandIn;
let google: GoogleJwksStandIn;

beforeAll(async () => {
  fb = await startFacebookStandIn({ user: { id: "fb-e2e-1", first_name: "Ada", last_name: "Lovelace" } });
  google = await startGoogleJwks();
});

afterAll(async () => {
  await fb?.close();
  await google?.close();
});

const e2e = useE2E(() => ({
  FACEBOOK_APP_ID: fb.appId,
  FACEBOOK_APP_SECRET: fb.appSecret,
  FACEBOOK_GRAPH_URL: fb.graphUrl,
  FACEBOOK_DIALOG_URL: fb.dialogUrl,
  MESSENGER_WEBHOOK_SECRET: SECRET,
  TELEGRAM_BOT_TOKEN: BOT,
  GOOGLE_CLIENT_ID: CLIENT_ID,
  GOOGLE_JWKS_URL: google.url,
}));
async function configure(registration: Record<string, unknown>, opts: { authMigration?: boolean } = {}) {
  const db = e2e.database.db;
  const [row] = await db.select().from(portals).where(eq(portals.id, e2e.config.PORTAL_ID));
  const base = { ...row.registration, google: false, facebook: false, googleOneTap: false, gdpr: false, messengers: [] as string[] };
  await changeContent(db, async (tx) => {
    await tx
      .update(portals)
      .set({ registration: { ...base, ...registration }, authMigration: opts.authMigration ?? false })
      .where(eq(portals.id, e2e.config.PORTAL_ID));
  });
  const [env] = await db.select().from(environments).where(eq(environments.id, e2e.config.ENVIRONMENT_ID));
  await changeContent(db, async (tx) => {
    await tx
      .update(environments)
      .set({ integrations: { ...env.integrations, messengers: ENDPOINTS } })
      .where(eq(environments.id, e2e.config.ENVIRONMENT_ID));
  });
}

/** The test plays the portal's bot: it confirms the code a visitor sent with a signed webhook. */
async function botConfirms(messenger: string, code: string, messengerUserId: string, name: string) {
  const raw = JSON.stringify({ code, messengerUserId, name });
  const res = await fetch(e2e.url(`/api/messengers/${messenger}/webhook`), {
    method: "POST",
    headers: { "content-type": "application/json", "x-mentora-signature": signWebhook(SECRET, raw) },
    body: raw,
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeEach(() => {
  fb.tamper = {};
});

describe("Facebook sign-in in the browser", () => {
  it("signs in through the Facebook stand-in and comes back to the page it started on", async () => {
    await configure({ facebook: true });
    const page = await e2e.open("/en/guideline/base", { allowOrigins: [fb.origin] });
    await page.getByTestId("sign-in").click();
    await page.getByTestId("login-facebook").click();
    await page.waitForURL((u) => u.pathname === "/en/guideline/base");
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("account-menu").textContent()).toContain("Ada");
    expect(fb.requests.some((r) => r.path.endsWith("/debug_token"))).toBe(true);
  });

  it("keeps the Facebook button blocked until the agreement is ticked, shaking the box", async () => {
    await configure({ facebook: true, gdpr: true });
    const page = await e2e.open("/en/", { allowOrigins: [fb.origin] });
    const dialogsBefore = fb.requests.filter((r) => r.path.endsWith("/dialog/oauth")).length;
    await page.getByTestId("sign-in").click();
    await page.getByTestId("login-facebook").click({ force: true });
    const box = page.getByTestId("gdpr-box");
    await expect.poll(() => box.getAttribute("class")).toContain("animate-shake");
    expect(await box.getByRole("alert").textContent()).toBe("Please accept the terms to continue.");
    expect(new URL(page.url()).pathname).toBe("/en/");
    expect(fb.requests.filter((r) => r.path.endsWith("/dialog/oauth")).length).toBe(dialogsBefore);

    await box.getByRole("checkbox").check();
    await page.getByTestId("login-facebook").click();
    await page.waitForURL((u) => u.pathname === "/en/");
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("account-menu").textContent()).toContain("Ada");
  });
});

describe("messenger sign-in in the browser", () => {
  it("shows square buttons for two providers and circles, still named, for more", async () => {
    await configure({ messengers: ["whatsapp", "viber"] });
    let page = await e2e.open("/en/");
    await page.getByTestId("sign-in").click();
    expect(await page.getByTestId("provider-buttons").getAttribute("data-shape")).toBe("square");
    expect(await page.getByTestId("login-whatsapp").textContent()).toBe("Continue with WhatsApp");

    await configure({ facebook: true, messengers: ["whatsapp", "telegram", "viber", "facebookmessenger"] });
    page = await e2e.open("/en/");
    await page.getByTestId("sign-in").click();
    const list = page.getByTestId("provider-buttons");
    expect(await list.getAttribute("data-shape")).toBe("circle");
    expect(await list.getByRole("link").count()).toBe(5);
    expect(await page.getByRole("link", { name: "Continue with Telegram" }).getAttribute("href")).toBe("/connect/telegram?quick_link=%2Fen%2F&lang=en");
    await e2e.axeCheck(page, "login popup with circle buttons");
  });

  it("WhatsApp: the page shows a code and the bot link, the bot confirms, the browser is signed in and back", async () => {
    await configure({ messengers: ["whatsapp", "viber"] });
    const page = await e2e.open("/en/guideline/base");
    await page.getByTestId("sign-in").click();
    await page.getByTestId("login-whatsapp").click();
    await page.waitForURL((u) => u.pathname === "/en/connect/whatsapp");
    await waitForHydration(page);
    const code = (await page.getByTestId("connect-code").textContent())!;
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(await page.getByTestId("connect-open").getAttribute("href")).toBe(`https://wa.me/905550001122?text=${code}`);
    expect(await page.getByTestId("connect-status").getAttribute("data-state")).toBe("pending");

    await botConfirms("whatsapp", code, "905551234567", "Selin");
    await page.waitForURL((u) => u.pathname === "/en/guideline/base");
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("account-menu").textContent()).toContain("Selin");
  });

  it("in Arabic (rtl): the Viber connect page passes axe, keeps the code left-to-right, and signs in", async () => {
    await configure({ messengers: ["whatsapp", "viber"] });
    const page = await e2e.open("/ar/");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await page.getByTestId("sign-in").click();
    await page.getByTestId("login-viber").click();
    await page.waitForURL((u) => u.pathname === "/ar/connect/viber");
    await waitForHydration(page);
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("تسجيل الدخول عبر Viber");
    const code = page.getByTestId("connect-code");
    expect(await code.getAttribute("dir")).toBe("ltr");
    const text = (await code.textContent())!;
    expect(await page.getByTestId("connect-open").getAttribute("href")).toBe(`viber://pa?chatURI=mentora&context=${text.replace("-", "")}&text=${text}`);
    await e2e.axeCheck(page, "Viber connect page (ar)");

    await botConfirms("viber", text, "viber-ar-1", "Layla");
    await page.waitForURL((u) => u.pathname === "/ar/");
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("account-menu").textContent()).toContain("Layla");
  });

  it("an expired code offers a new one", async () => {
    await configure({ messengers: ["whatsapp"] });
    const page = await e2e.open("/connect/whatsapp?quick_link=%2Fen%2F&lang=en");
    await page.waitForURL((u) => u.pathname === "/en/connect/whatsapp");
    const first = await page.getByTestId("connect-code").textContent();
    await e2e.database.db.update(messengerConnects).set({ expiresAt: new Date(Date.now() - 1000) });
    await page.getByTestId("connect-new-code").waitFor();
    expect(await page.getByTestId("connect-status").getAttribute("data-state")).toBe("expired");
    await page.getByTestId("connect-new-code").click();
    await page.waitForURL((u) => u.pathname === "/en/connect/whatsapp");
    await waitForHydration(page);
    expect(await page.getByTestId("connect-code").textContent()).not.toBe(first);
    expect(await page.getByTestId("connect-status").getAttribute("data-state")).toBe("pending");
  });

  it("Telegram: the page carries the Login Widget for our bot, pointing back to the callback with quick_link and lang", async () => {
    await configure({ messengers: ["telegram"] });
    const { page } = await e2e.newPage({ lang: "en", consent: true });
    // Offline suite: the widget script is requested and refused, never fetched from telegram.org.
    const widgetRequest = page.waitForRequest((r) => r.url().startsWith("https://telegram.org/js/telegram-widget.js"));
    await page.goto(e2e.url("/connect/telegram?quick_link=%2Fen%2Fguideline%2Fbase&lang=en"));
    await page.waitForURL((u) => u.pathname === "/en/connect/telegram");
    await widgetRequest;
    const script = page.locator('[data-testid="telegram-widget"] script');
    expect(await script.getAttribute("data-telegram-login")).toBe("mentora_bot");
    expect(await script.getAttribute("data-request-access")).toBe("write");
    const authUrl = new URL((await script.getAttribute("data-auth-url"))!);
    expect(`${authUrl.origin}${authUrl.pathname}`).toBe(e2e.url("/connect/telegram/callback"));
    expect(Object.fromEntries(authUrl.searchParams)).toEqual({ quick_link: "/en/guideline/base", lang: "en" });
    await e2e.axeCheck(page, "Telegram connect page");
  });

  it("asks a signed-in learner of a migrating portal to connect a messenger, and links it to the account", async () => {
    await configure({ messengers: ["whatsapp"] }, { authMigration: true });
    const { context, page } = await e2e.newPage({ lang: "en", consent: true });
    const reg = await context.request.post(e2e.url("/api/auth/register"), {
      data: { email: "migrating@example.com", password: "secret12", firstName: "Kerem", lastName: "Kaya", agree: true },
      headers: { origin: e2e.baseURL },
    });
    expect(reg.status()).toBe(200);
    await page.goto(e2e.url("/en/"));
    await waitForHydration(page);
    const popup = page.getByTestId("scenario-step-messengers-login-hs");
    await popup.waitFor();
    await e2e.axeCheck(page, "messengers-login-hs popup");
    await popup.getByTestId("login-whatsapp").click();
    await page.waitForURL((u) => u.pathname === "/en/connect/whatsapp");
    await waitForHydration(page);
    await botConfirms("whatsapp", (await page.getByTestId("connect-code").textContent())!, "905559998877", "Kerem W");
    await page.waitForURL((u) => u.pathname === "/en/");
    const me = await (await context.request.get(e2e.url("/api/users/me"))).json();
    expect(me.email).toBe("migrating@example.com");
    expect(me.links).toEqual(expect.arrayContaining(["email|migrating@example.com", "whatsapp|905559998877"]));
    await configure({}, { authMigration: false });
  });
});

describe("Google One Tap in the browser", () => {
  /** Serves a stand-in of Google's client script that "taps" at once with a credential of ours. */
  async function standInGsi(page: Page, credential: string) {
    await page.route(GSI, (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: `window.google = { accounts: { id: {
          initialize(cfg) { window.__oneTap = { client_id: cfg.client_id, context: cfg.context }; this.cb = cfg.callback; },
          prompt() { this.cb({ credential: ${JSON.stringify(credential)}, select_by: "auto" }); },
          cancel() {}
        } } };`,
      }),
    );
  }

  it("is not offered (and Google's script never requested) while the portal has it off", async () => {
    await configure({});
    const { page } = await e2e.newPage({ lang: "en", consent: true });
    const gsiRequests: string[] = [];
    page.on("request", (r) => r.url().startsWith(GSI) && gsiRequests.push(r.url()));
    await page.goto(e2e.url("/en/"));
    await waitForHydration(page);
    expect(await page.getByTestId("one-tap").count()).toBe(0);
    await page.getByTestId("sign-in").click();
    await page.getByTestId("scenario-step-login").waitFor();
    expect(gsiRequests).toEqual([]);
  });

  it("loads Google's script when on, prompts in the signin context, and the server signs the learner in", async () => {
    await configure({ googleOneTap: true });
    const { page } = await e2e.newPage({ lang: "en", consent: true });
    await standInGsi(page, await google.idToken(CLIENT_ID, { sub: "onetap-e2e-1", given_name: "Deniz", email: "deniz.e2e@example.com" }));
    const gsi = page.waitForRequest((r) => r.url().startsWith(GSI));
    await page.goto(e2e.url("/en/"));
    await waitForHydration(page);
    expect(await page.getByTestId("one-tap").getAttribute("data-context")).toBe("signin");
    await gsi;
    await expect
      .poll(() =>
        page
          .getByTestId("account-menu")
          .textContent()
          .catch(() => ""),
      )
      .toContain("Deniz");
    expect(await page.evaluate(() => (window as unknown as { __oneTap: unknown }).__oneTap)).toEqual({ client_id: CLIENT_ID, context: "signin" });
    // Signed in now: One Tap is no longer offered.
    expect(await page.getByTestId("one-tap").count()).toBe(0);
    await configure({});
  });
});
