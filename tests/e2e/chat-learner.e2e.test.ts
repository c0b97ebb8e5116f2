/**
 * The learner's side of the mentor chat in Chromium (issue 12; seed 000 §2.2, §4, §5, §9): the chat
 * button on the default layout's rail and its hello bubble; a guest's sign-in buttons; a learner who
 * signs in, picks a mentor and writes; a failed send retried by its id; the polling fallback with the
 * WebSocket blocked; older messages on scroll up; read marks; Arabic right to left; axe; keyboard only.
 */
import { randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HELLO_COOKIE } from "../../src/domain/chat-rules";
import { type SignedIn, useE2E, waitForHydration } from "./fixtures";

// Seeding a long conversation sends more than a learner may in a minute, and the file registers more
// accounts from one address than a minute allows; the limits themselves are the server's tests.
const e2e = useE2E(() => ({ CHAT_SENDS_PER_MINUTE: "200", RATE_LIMIT_WINDOW_MS: "1000" }));
const LESSON = "/courses/reading-foundations/lesson/rf-slow-reading";
const SHOTS = "/work/shots/chat";
/** The send route, whatever its query (`?lang=`). */
const SEND_URL = /\/api\/chats\/[^/?]+\/messages(\?|$)/;

const widget = (page: Page) => page.getByTestId("chat-widget");
const chatButton = (page: Page) => page.locator('[data-rail="connect_to_mentor"]');

async function openChat(page: Page) {
  await chatButton(page).click();
  await widget(page).waitFor({ state: "visible" });
}

describe("the chat for guests", () => {
  it("shows the chat button on the rail, the hello bubble until dismissed, and sign-in buttons instead of the input", async () => {
    const page = await e2e.open(`/en${LESSON}`);
    await chatButton(page).waitFor();
    expect(await chatButton(page).getAttribute("aria-expanded")).toBe("false");
    await page.getByTestId("chat-hello").waitFor();
    await openChat(page);
    expect(await chatButton(page).getAttribute("aria-expanded")).toBe("true");
    await page.getByTestId("chat-sign-in").waitFor();
    expect(await page.getByTestId("chat-input").count()).toBe(0);
    expect(await page.getByTestId("chat-promise").textContent()).toContain("24 hours");
    await page.screenshot({ path: `${SHOTS}/guest-en.png` });

    // Escape closes and the focus goes back to the chat button.
    await page.keyboard.press("Escape");
    await widget(page).waitFor({ state: "hidden" });
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-rail") === "connect_to_mentor");

    // The bubble's dismissal is remembered for 30 days.
    await page.getByTestId("chat-hello-dismiss").click();
    await page.getByTestId("chat-hello").waitFor({ state: "detached" });
    const cookie = (await page.context().cookies()).find((c) => c.name === HELLO_COOKIE);
    expect(cookie?.value).toBe("1");
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    await e2e.open(`/en${LESSON}`, { page });
    await chatButton(page).waitFor();
    await page.waitForTimeout(300); // the bubble would show right after hydration
    expect(await page.getByTestId("chat-hello").count()).toBe(0);
  });

  it("keeps the hello bubble off small screens on course pages", async () => {
    const page = await e2e.open(`/en${LESSON}`, { viewport: { width: 390, height: 800 } });
    await chatButton(page).waitFor();
    const bubble = page.getByTestId("chat-hello");
    await bubble.waitFor({ state: "attached" });
    expect(await bubble.isVisible()).toBe(false);
  });
});

const msgId = () => `lpmmsg:${randomBytes(12).toString("hex")}`;

async function apiPost(context: BrowserContext, path: string, data: unknown) {
  const res = await context.request.post(e2e.url(path), { data, headers: { origin: e2e.baseURL } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json() as Promise<Record<string, unknown>>;
}

async function apiGet(context: BrowserContext, path: string) {
  const res = await context.request.get(e2e.url(path));
  expect(res.status(), await res.text()).toBe(200);
  return res.json() as Promise<Record<string, unknown>>;
}

/** A learner on a lesson with the chat open and connected to the mentor picked in the slider (multiple mode). */
async function connectedLearner(lang = "en", before?: (learner: SignedIn) => Promise<void>): Promise<SignedIn & { chatId: string }> {
  const learner = await e2e.signIn("disciple", { lang, cookies: { [HELLO_COOKIE]: "1" } });
  await before?.(learner);
  await e2e.open(`/${lang}${LESSON}`, { page: learner.page });
  await openChat(learner.page);
  await learner.page.locator('[data-testid="chat-start"][data-mode="multiple"]').waitFor();
  const options = learner.page.getByTestId("chat-mentor-option");
  expect(await options.count()).toBeGreaterThan(1);
  await options.nth(1).click();
  await learner.page.getByTestId("chat-connect").click();
  const thread = learner.page.getByTestId("chat-thread");
  await thread.waitFor();
  return { ...learner, chatId: (await thread.getAttribute("data-chat")) ?? "" };
}

const message = (page: Page, text: string) => page.locator('[data-testid="chat-message"]', { hasText: text });

/** A leader of the portal answers through the API, as the mentors' inbox would. */
async function mentorReplies(chatId: string, text: string) {
  const leader = await e2e.signIn("mp-leader");
  await apiPost(leader.context, `/api/chats/${chatId}/messages`, { id: msgId(), text });
}

async function countOf(context: BrowserContext, chatId: string, text: string): Promise<number> {
  const page = (await apiGet(context, `/api/chats/${chatId}/messages`)) as { edges: Array<{ node: { text: string } }> };
  return page.edges.filter((e) => e.node.text === text).length;
}

describe("the chat for learners", () => {
  it("a learner picks a mentor, writes with Enter, sees it sent with the place it was asked from", async () => {
    const { page, context, chatId } = await connectedLearner();
    const input = page.getByTestId("chat-input");
    expect(await page.getByTestId("chat-send").isDisabled()).toBe(true);
    await input.fill("   ");
    expect(await page.getByTestId("chat-send").isDisabled()).toBe(true);
    await input.fill("First line");
    await input.press("Shift+Enter");
    await input.pressSequentially("second line <b>not bold</b> https://example.org/x");
    await input.press("Enter");
    const sent = page.locator('[data-testid="chat-message"][data-status="sent"]', { hasText: "First line" });
    await sent.waitFor();
    expect(await input.inputValue()).toBe("");
    expect(await sent.locator("b").count()).toBe(0);
    expect(await sent.textContent()).toContain("<b>not bold</b>");
    const link = sent.locator('a[href="https://example.org/x"]');
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await sent.getByTestId("chat-message-context").textContent()).toMatch(/Asked from:.*Lesson 1/);
    expect(await countOf(context, chatId, "First line\nsecond line <b>not bold</b> https://example.org/x")).toBe(1);

    // The counter shows near the 1500-character limit.
    await input.fill("x".repeat(1400));
    expect(await page.getByTestId("chat-counter").textContent()).toContain("100");
  });

  it("a failed send is retried by its id from its retry button, and a lost answer never doubles a message", async () => {
    const { page, context, chatId } = await connectedLearner();
    // Refused until the retry button is pressed: the outbox's own resend after its 1-2 s backoff is
    // refused too, so the failed state stays on screen however slow the machine is, and the send that
    // gets through is the button's.
    await page.evaluate(() => {
      document.addEventListener(
        "click",
        (e) => {
          if ((e.target as Element | null)?.closest?.('[data-testid="chat-retry"]')) document.documentElement.dataset.retried = "1";
        },
        true,
      );
    });
    const retried = () => page.evaluate(() => document.documentElement.dataset.retried === "1");
    let block: "refuse" | "lose-answer" | null = "refuse";
    await page.route(SEND_URL, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      if (block === "refuse") {
        if (!(await retried())) return route.abort("connectionrefused");
        block = null;
      }
      if (block === "lose-answer") {
        block = null;
        // The server stores it; the answer is lost (a dropped connection).
        await route.fetch();
        return route.abort("connectionreset");
      }
      return route.continue();
    });
    await page.getByTestId("chat-input").fill("Only once please");
    await page.getByTestId("chat-send").click();
    const failed = page.locator('[data-testid="chat-message"][data-status="sending-failed"]', { hasText: "Only once please" });
    await failed.waitFor();
    await failed.getByTestId("chat-retry").click();
    await page.locator('[data-testid="chat-message"][data-status="sent"]', { hasText: "Only once please" }).waitFor();
    expect(await message(page, "Only once please").count()).toBe(1);
    expect(await countOf(context, chatId, "Only once please")).toBe(1);

    block = "lose-answer";
    await page.getByTestId("chat-input").fill("Stored but unanswered");
    await page.getByTestId("chat-send").click();
    await page.locator('[data-testid="chat-message"][data-status="sent"]', { hasText: "Stored but unanswered" }).waitFor();
    await page.waitForFunction((key) => localStorage.getItem(key) === null, `mentora.chat.pending.${chatId}`);
    expect(await message(page, "Stored but unanswered").count()).toBe(1);
    expect(await countOf(context, chatId, "Stored but unanswered")).toBe(1);
  });

  it("keeps unsent messages over a reload and sends them once the server answers", async () => {
    const { page, context, chatId } = await connectedLearner();
    await page.route(SEND_URL, (route) => (route.request().method() === "POST" ? route.abort("connectionrefused") : route.continue()));
    await page.getByTestId("chat-input").fill("Written while offline");
    await page.getByTestId("chat-send").click();
    await page.locator('[data-testid="chat-message"][data-status="sending-failed"]', { hasText: "Written while offline" }).waitFor();
    await page.unroute(SEND_URL);
    await page.reload();
    await waitForHydration(page); // a click before React hydrates opens nothing
    await openChat(page);
    await page.locator('[data-testid="chat-message"][data-status="sent"]', { hasText: "Written while offline" }).waitFor();
    expect(await countOf(context, chatId, "Written while offline")).toBe(1);
  });

  it("with the WebSocket blocked, polling still brings the mentor's reply and the unread count", async () => {
    const learner = await e2e.signIn("disciple", { cookies: { [HELLO_COOKIE]: "1" } });
    await learner.page.routeWebSocket(/\/api\/realtime/, (ws) => ws.close({ code: 1011, reason: "blocked" }));
    await e2e.open(`/en${LESSON}`, { page: learner.page });
    await openChat(learner.page);
    await learner.page.locator('[data-testid="chat-start"][data-mode="multiple"]').waitFor();
    await learner.page.getByTestId("chat-connect").click();
    const chatId = (await learner.page.getByTestId("chat-thread").getAttribute("data-chat")) ?? "";
    await learner.page.getByTestId("chat-reconnecting").waitFor();
    await mentorReplies(chatId, "Answer through polling");
    await message(learner.page, "Answer through polling").waitFor({ timeout: 90_000 });

    // Closed, the chat button learns of the next reply from the 15 s unread check.
    await learner.page.getByTestId("chat-close").click();
    await mentorReplies(chatId, "Second answer");
    await learner.page.getByTestId("rail-badge-connect_to_mentor").waitFor({ timeout: 60_000 });
  });

  it("loads older messages 20 at a time on scroll up, keeping the place", async () => {
    const { page, context, chatId } = await connectedLearner();
    for (let i = 1; i <= 25; i++)
      await apiPost(context, `/api/chats/${chatId}/messages`, { id: msgId(), text: `Seeded message ${String(i).padStart(2, "0")}` });
    await page.reload();
    await waitForHydration(page); // a click before React hydrates opens nothing
    await openChat(page);
    await message(page, "Seeded message 25").waitFor();
    expect(await page.getByTestId("chat-message").count()).toBe(20);
    expect(await message(page, "Seeded message 05").count()).toBe(0);
    const scroller = page.getByTestId("chat-scroll");
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    await message(page, "Seeded message 01").waitFor();
    expect(await page.getByTestId("chat-message").count()).toBe(25);
    // The place is kept: the message that was at the top is still at the top, not pushed down by the older ones.
    const box = await scroller.boundingBox();
    const anchor = await message(page, "Seeded message 06").boundingBox();
    expect(await scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    expect((anchor?.y ?? 0) - (box?.y ?? 0)).toBeGreaterThanOrEqual(0);
    expect((anchor?.y ?? 0) - (box?.y ?? 0)).toBeLessThan(120);
  });

  it("marks a mentor's reply read once it is seen, and the badge goes", async () => {
    const { page, context, chatId } = await connectedLearner();
    await page.getByTestId("chat-close").click();
    await mentorReplies(chatId, "Please read me");
    await page.getByTestId("rail-badge-connect_to_mentor").waitFor({ timeout: 30_000 });
    await openChat(page);
    await message(page, "Please read me").waitFor();
    await page.getByTestId("rail-badge-connect_to_mentor").waitFor({ state: "detached" });
    const unread = (await apiGet(context, "/api/chats/unread")) as { unreadMessagesCount: number };
    expect(unread.unreadMessagesCount).toBe(0);
  });

  it("works right to left in Arabic, passes axe, and is usable with the keyboard alone", async () => {
    const { page } = await connectedLearner("ar");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await page.getByTestId("chat-input").fill("مرحبا، لدي سؤال عن الدرس");
    await page.getByTestId("chat-input").press("Enter");
    await page.locator('[data-testid="chat-message"][data-status="sent"]').first().waitFor();
    const box = await page.getByTestId("chat-widget").boundingBox();
    const width = page.viewportSize()?.width ?? 1280;
    expect((box?.x ?? width) + (box?.width ?? 0) / 2).toBeLessThan(width / 2); // at the start side: the left in rtl
    await page.screenshot({ path: `${SHOTS}/widget-ar.png` });
    await e2e.axeCheck(page, "chat widget (ar)");

    // Keyboard only: close, reach the chat button with Tab, open, write, send, close.
    await page.keyboard.press("Escape");
    await page.getByTestId("chat-widget").waitFor({ state: "hidden" });
    await page.locator("body").evaluate((b) => (document.activeElement as HTMLElement | null)?.blur() ?? b);
    let onButton = false;
    for (let i = 0; i < 80 && !onButton; i++) {
      await page.keyboard.press("Tab");
      onButton = await page.evaluate(() => document.activeElement?.getAttribute("data-rail") === "connect_to_mentor");
    }
    expect(onButton).toBe(true);
    await page.keyboard.press("Enter");
    await page.getByTestId("chat-widget").waitFor({ state: "visible" });
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "chat-input");
    await page.keyboard.type("سؤال بلوحة المفاتيح");
    await page.keyboard.press("Enter");
    await page.locator('[data-testid="chat-message"][data-status="sent"]', { hasText: "سؤال بلوحة المفاتيح" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("chat-widget").waitFor({ state: "hidden" });
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-rail") === "connect_to_mentor");
  });

  it("looks right in English with a conversation (screenshot)", async () => {
    const { page, chatId } = await connectedLearner();
    await page.getByTestId("chat-input").fill("How do I mark the surprising sentences?");
    await page.getByTestId("chat-input").press("Enter");
    await page.locator('[data-testid="chat-message"][data-status="sent"]').first().waitFor();
    await mentorReplies(chatId, "Underline them lightly, then see https://example.org/reading-tips for more.");
    await message(page, "Underline them lightly").waitFor();
    await page.screenshot({ path: `${SHOTS}/widget-en.png` });
    await e2e.axeCheck(page, "chat widget (en)");
  });
});
