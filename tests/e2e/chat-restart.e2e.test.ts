/**
 * Issue 12 "Restart", end to end in Chromium: the server is killed (SIGKILL) while a learner is
 * sending; after it comes back the browser widget resends what was pending on its own, and the
 * conversation has every message exactly once.
 *
 * A real app process on PostgreSQL (tests/support/instances.ts) serves a lesson page; a learner
 * opens the chat, and:
 *   1. sends message 1, which is confirmed (sent);
 *   2. sends message 2; the server stores it, and the process is SIGKILLed before the answer reaches
 *      the browser, which gets a reset connection: the widget cannot know it was stored (a request
 *      forwarded with the kill right behind it never got there in trials: that case is message 3);
 *   3. sends message 3 while the server is down (it never reaches it);
 *   4. sees 2 and 3 as not sent, still in the thread and in the outbox in localStorage;
 *   5. the server starts again on the same port (same origin: same cookies, same storage). Nobody
 *      clicks retry or reloads: the widget's realtime socket reconnects, its outbox resends what is
 *      pending by the ids it was written with, and the re-read of the thread confirms what the server
 *      has (a resend of a stored id is de-duplicated by the server).
 * Then 1, 2, 3 show as sent, once each, in order; the API has each id exactly once and no other
 * message of the learner; after a reload the thread is the same and the outbox is empty.
 *
 * Needs `npm run build` (the instance serves the built app) and PostgreSQL (skipped with MENTORA_SKIP_PG=1).
 */
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COOKIES } from "../../src/domain/constants";
import { HELLO_COOKIE } from "../../src/domain/chat-rules";
import { pendingKey } from "../../src/web/features/chat/outbox";
import { createPostgresClone, databaseKinds } from "../setup/databases";
import { defaultSeedIds } from "../setup/pglite-snapshot";
import { signUpBody } from "../support/factories";
import { startInstances, type Instances } from "../support/instances";
import { launchBrowser, NO_OPTIONAL_COOKIES, waitForHydration } from "./fixtures";

const LESSON = "/en/courses/reading-foundations/lesson/rf-slow-reading";
/** The send route, whatever its query (`?lang=`); GETs of the same path are let through. */
const SEND_URL = /\/api\/chats\/[^/?]+\/messages(\?|$)/;
const ENV = { CHAT_SENDS_PER_MINUTE: "1000" };
/**
 * How long the widget may take to resend once the server is back: the socket's reconnect backoff
 * (realtime-client.ts: 1 s doubling to 30 s, with jitter) and the outbox's own (2 s doubling to 30 s)
 * both run through the outage; either brings the resend within one capped delay of the restart.
 */
const RESEND_WITHIN_MS = 60_000;

const TEXTS = ["Before the crash", "In flight when the server died", "Written while the server is down"] as const;

const message = (page: Page, text: string) => page.locator('[data-testid="chat-message"]', { hasText: text });
const sent = (page: Page, text: string) => page.locator('[data-testid="chat-message"][data-status="sent"]', { hasText: text });
const mine = (page: Page) => page.locator('[data-testid="chat-message"][data-kind="mine"]');

async function openChat(page: Page) {
  await page.locator('[data-rail="connect_to_mentor"]').click();
  await page.getByTestId("chat-widget").waitFor({ state: "visible" });
}

async function send(page: Page, text: string) {
  await page.getByTestId("chat-input").fill(text);
  // Clicking waits for the button to be enabled (it is disabled while a message is on its way).
  await page.getByTestId("chat-send").click();
}

interface PageOfMessages {
  edges: Array<{ node: { id: string; text: string; participant: { id: string } } }>;
}

describe.runIf(databaseKinds().includes("postgres"))("the chat widget survives a SIGKILL of the server while the learner sends", () => {
  let clone: Awaited<ReturnType<typeof createPostgresClone>> | undefined;
  let browser: Browser | undefined;
  const clusters: Instances[] = [];

  beforeAll(async () => {
    clone = await createPostgresClone(defaultSeedIds());
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    for (const c of clusters) await c.stop();
    await clone?.drop();
  });

  it("resends the pending messages on its own once the server is back, and each is in the chat exactly once", { timeout: 480_000 }, async () => {
    const env = { DATABASE_URL: clone!.url, ...ENV };
    const first = await startInstances(1, env);
    clusters.push(first);
    const base = first.instances[0]!.url;
    const port = new URL(base).port;

    // A learner signed in the way the app does it: the register call's session cookies in the browser's jar.
    const context: BrowserContext = await browser!.newContext({ baseURL: base, viewport: { width: 1280, height: 800 }, locale: "en-US" });
    await context.route(
      (u) => u.origin !== base && (u.protocol === "http:" || u.protocol === "https:"),
      (route) => route.abort("blockedbyclient"),
    );
    await context.addCookies(
      Object.entries({ [COOKIES.consent]: NO_OPTIONAL_COOKIES, lang: "en", [HELLO_COOKIE]: "1" }).map(([name, value]) => ({ name, value, url: base })),
    );
    const reg = await context.request.post(`${base}/api/auth/register`, { data: signUpBody(), headers: { origin: base } });
    expect(reg.status(), await reg.text()).toBe(200);
    const { accessToken, userId } = (await reg.json()) as { accessToken: string; userId: string };
    const page = await context.newPage();

    // The chat on a lesson, connected to a mentor picked in the slider.
    await page.goto(LESSON);
    await waitForHydration(page);
    await openChat(page);
    await page.locator('[data-testid="chat-start"][data-mode="multiple"]').waitFor();
    await page.getByTestId("chat-mentor-option").nth(1).click();
    await page.getByTestId("chat-connect").click();
    const thread = page.getByTestId("chat-thread");
    await thread.waitFor();
    const chatId = (await thread.getAttribute("data-chat")) ?? "";
    expect(chatId).not.toBe("");
    const outboxIds = () =>
      page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? "[]") as Array<{ id: string }>).map((m) => m.id), pendingKey(chatId));

    // 1. Sent and confirmed.
    await send(page, TEXTS[0]);
    await sent(page, TEXTS[0]).waitFor();

    // 2. Stored, but the process is SIGKILLed before its answer reaches the browser, which gets a
    // reset connection: the widget cannot tell this from a message the server never saw.
    let crashed: Promise<number> | undefined;
    const crash = async (route: Route) => {
      if (route.request().method() !== "POST" || crashed) return route.fallback();
      crashed = (async () => {
        const answer = await route.fetch();
        await first.kill(0);
        await route.abort("connectionreset");
        return answer.status();
      })();
      await crashed;
    };
    await page.route(SEND_URL, crash);
    await send(page, TEXTS[1]);
    await expect.poll(() => crashed !== undefined, { timeout: 10_000 }).toBe(true);
    expect(await crashed, "the server stored message 2 before it died").toBe(201);
    // Only that one (unrouting while its request was paused would have let the browser send it on).
    await page.unroute(SEND_URL, crash);
    const second = message(page, TEXTS[1]);
    await page.locator('[data-testid="chat-message"][data-status="sending-failed"]', { hasText: TEXTS[1] }).waitFor();
    await page.getByTestId("chat-reconnecting").waitFor(); // the socket saw the server go

    // 3. Written while the server is down: it cannot reach it.
    await send(page, TEXTS[2]);
    const third = message(page, TEXTS[2]);
    await third.waitFor();

    // 4. Nothing is lost from the thread; 2 and 3 are not shown as sent; both wait in the outbox, in order.
    const ids = await Promise.all([sent(page, TEXTS[0]), second, third].map(async (l) => (await l.getAttribute("data-id")) ?? ""));
    expect(new Set(ids).size).toBe(3);
    for (const text of TEXTS) expect(await message(page, text).count(), text).toBe(1);
    expect(await mine(page).count()).toBe(3);
    expect(["sending", "sending-failed"]).toContain(await second.getAttribute("data-status"));
    expect(["sending", "sending-failed"]).toContain(await third.getAttribute("data-status"));
    expect(await outboxIds()).toEqual([ids[1], ids[2]]);

    // 5. Back on the same port; no retry click, no reload: the widget resends on its own.
    const restarted = await startInstances(1, { ...env, PORT: port });
    clusters.push(restarted);
    expect(restarted.instances[0]!.url).toBe(base);
    await page.getByTestId("chat-reconnecting").waitFor({ state: "detached", timeout: RESEND_WITHIN_MS });
    for (const text of TEXTS) await sent(page, text).waitFor({ timeout: RESEND_WITHIN_MS });
    await page.waitForFunction((key) => localStorage.getItem(key) === null, pendingKey(chatId), { timeout: RESEND_WITHIN_MS });

    // Once each in the thread, in the order written, with the ids they were written with.
    for (const text of TEXTS) expect(await message(page, text).count(), text).toBe(1);
    expect(await mine(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-id")))).toEqual(ids);
    expect(await mine(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-status")))).toEqual(["sent", "sent", "sent"]);

    // The server has each id exactly once, in order, and nothing else from the learner.
    const res = await fetch(`${base}/api/chats/${chatId}/messages?limit=20`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(res.status).toBe(200);
    const stored = ((await res.json()) as PageOfMessages).edges.map((e) => e.node).filter((m) => m.participant.id === userId);
    expect(stored.map((m) => [m.id, m.text])).toEqual(ids.map((id, i) => [id, TEXTS[i]]));

    // A reload reads the thread from the server: the same three, once each, and nothing left to send.
    await page.reload();
    await waitForHydration(page);
    await openChat(page);
    for (const text of TEXTS) await sent(page, text).waitFor();
    for (const text of TEXTS) expect(await message(page, text).count(), text).toBe(1);
    expect(await mine(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-id")))).toEqual(ids);
    expect(await page.evaluate((key) => localStorage.getItem(key), pendingKey(chatId))).toBeNull();
  });
});
