/**
 * The mentor's side of the chat in Chromium (issue 12), with the learner and the mentors in their own
 * browser contexts: the learner writes from a lesson; the mentor sees it live in the inbox with
 * "asked from", answers; the learner sees the reply live and a notification with an unread badge;
 * reading the reply clears the badge everywhere; a leader reassigns; the mentor-chooses mode set in
 * the settings brings the bot's system messages; resolve and reopen; `ar` right to left; axe; the
 * inbox by keyboard alone. Screenshots of the inbox and the notifications in en and ar go to
 * /work/shots/mentor/ (MENTORA_SHOTS overrides).
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_MENTOR_PASSWORD, DEMO_MENTORS } from "../../src/server/db/seed/demo-mentors";
import { type SignedIn, useE2E } from "./fixtures";

const e2e = useE2E();
const SHOTS = process.env.MENTORA_SHOTS ?? "/work/shots/mentor";
const LESSON = "/courses/reading-foundations/lesson/rf-slow-reading";

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Opens the chat widget from the floating rail and sends a message from where the page is. */
async function learnerWrites(page: Page, text: string) {
  const widget = page.getByTestId("chat-widget");
  if (!(await widget.isVisible()))
    await page
      .getByRole("button", { name: /mentor/i })
      .first()
      .click();
  await widget.waitFor();
  // The widget first loads its setup: then it shows either the start (no chat yet) or the thread.
  await page.locator('[data-testid="chat-connect"], [data-testid="chat-input"]').first().waitFor();
  const connect = page.getByTestId("chat-connect");
  if (await connect.isVisible()) await connect.click();
  await page.getByTestId("chat-input").fill(text);
  await page.getByTestId("chat-send").click();
  await expect.poll(() => widget.getByText(text).count()).toBeGreaterThan(0);
}

/** A demo mentor (README "Demo accounts") signed in through the API in a fresh context. */
async function demoMentor(role: "mentor" | "mp-leader"): Promise<SignedIn> {
  const demo = DEMO_MENTORS.find((m) => m.role === role)!;
  const { page, context } = await e2e.newPage({ lang: "en", consent: true });
  const res = await context.request.post(e2e.url("/api/auth/login"), {
    data: { email: demo.email, password: DEMO_MENTOR_PASSWORD },
    headers: { origin: e2e.baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { page, context, userId: demo.userId, email: demo.email, password: DEMO_MENTOR_PASSWORD };
}

const inboxRow = (page: Page, name: string) => page.getByTestId("inbox-chat").filter({ hasText: name });

describe("the mentors' inbox, live, with a learner in another browser", () => {
  let learner: SignedIn;
  let mentor: SignedIn;

  it("shows the learner's question live with where it was asked, and the reply reaches the learner live with a notification", async () => {
    learner = await e2e.signIn("disciple", { firstName: "Leyla", lastName: "Aydın" });
    mentor = await demoMentor("mp-leader");
    await e2e.open("/en/mentor/?filter=all", { page: mentor.page });
    await e2e.open(`/en${LESSON}`, { page: learner.page });

    await learnerWrites(learner.page, "Where do I find the exercise of this lesson?");
    // Live: the mentor's page was open before the message existed and is not reloaded.
    const row = inboxRow(mentor.page, "Leyla");
    await row.waitFor();
    await expect.poll(() => row.getAttribute("data-unread")).toBe("1");
    await row.click();
    const pane = mentor.page.getByTestId("inbox-chat-pane");
    await pane.waitFor();
    await expect.poll(() => pane.getByTestId("chat-message-context").first().textContent()).toMatch(/^Asked from: .+ \/ /);
    await expect.poll(() => mentor.page.getByTestId("learner-email").textContent()).toBe(learner.email);
    await expect.poll(() => mentor.page.getByTestId("wait-badge").first().textContent()).toMatch(/Waiting \d+ min of 24 h/);

    // The learner closes the chat: the reply arrives unread, so it becomes a notification with a badge.
    await learner.page.getByTestId("chat-close").click();
    await pane.getByTestId("chat-input").fill("Open the lesson's second block: the exercise is there.");
    await pane.getByTestId("chat-send").click();
    // Live on the learner's side: the chat button's unread badge, without a reload.
    await expect.poll(() => learner.page.getByTestId("rail-badge-connect_to_mentor").locator("[aria-hidden=true]").textContent()).toBe("1");
    await expect.poll(() => mentor.page.getByTestId("learner-answered").count()).toBe(1);
    await shot(mentor.page, "inbox-en");
    await e2e.axeCheck(mentor.page, "inbox (en)");
  });

  it("shows the learner a notification with an unread badge, and reading it clears the badge everywhere", async () => {
    const other = await learner.context.newPage();
    await e2e.open("/en/profile/Notifications/NotificationsPage", { page: other });
    const item = other.getByTestId("notification").first();
    await item.waitFor();
    expect(await item.getAttribute("data-read")).toBe("false");
    // The lesson page in the first tab carries the badge in its account menu (the notifications page's simple layout has no header).
    await expect.poll(() => learner.page.getByTestId("account-unread").textContent()).toBe("1");
    await expect.poll(() => other.getByTestId("notifications-status").textContent()).toBe("Unread notifications: 1");
    expect(await item.getByTestId("notification-text").textContent()).toContain("Open the lesson's second block");
    await shot(other, "notifications-en");
    await e2e.axeCheck(other, "notifications (en)");

    await item.getByTestId("notification-mark-read").click();
    await expect.poll(() => other.getByTestId("notifications-status").textContent()).toBe("Unread notifications: 0");
    await expect.poll(() => item.getAttribute("data-read")).toBe("true");
    // The lesson page in the first tab hears it too (user:{id}), without a reload: the menu's badge and the chat button's.
    await expect.poll(() => learner.page.getByTestId("account-unread").count()).toBe(0);
    await expect.poll(() => learner.page.getByTestId("rail-badge-connect_to_mentor").count()).toBe(0);
    await other.close();
  });

  it("lets a leader reassign the chat to another mentor", async () => {
    const pane = mentor.page.getByTestId("inbox-chat-pane");
    const select = pane.getByTestId("chat-assign-select");
    const options = await select.locator("option").allTextContents();
    expect(options.length).toBeGreaterThan(1);
    await select.selectOption({ index: 1 });
    const chosen = (await select.locator("option:checked").textContent())?.split(" (")[0] ?? "";
    await pane.getByTestId("chat-assign").click();
    await expect.poll(() => pane.getByTestId("chat-mentor-name").textContent()).toBe(chosen);
    await expect.poll(() => mentor.page.getByTestId("chat-actions-status").textContent()).toMatch(/reassigned/);
  });

  it("resolves the chat, and the learner's next message reopens it", async () => {
    const pane = mentor.page.getByTestId("inbox-chat-pane");
    await pane.getByTestId("chat-resolve").click();
    await expect.poll(() => pane.getAttribute("data-status")).toBe("resolved");
    await learnerWrites(learner.page, "One more question, please.");
    await expect.poll(() => mentor.page.getByTestId("inbox-chat-pane").getAttribute("data-status")).toBe("open");
    await mentor.page.getByTestId("chat-resolve").waitFor();
  });

  it("sets mentor-chooses in the settings: a new learner's chat is taken by the bot, who says so", async () => {
    await mentor.page.getByTestId("settings-open").click();
    await mentor.page.getByTestId("settings-reoffer").fill("2");
    await mentor.page.getByTestId("settings-save").click();
    await expect.poll(() => mentor.page.getByText("Enter whole minutes from 5 to 10080.").count()).toBe(1);
    await mentor.page.getByTestId("settings-reoffer").fill("30");
    await mentor.page.getByTestId("settings-assignment-mentor-chooses").check();
    await mentor.page.getByTestId("settings-save").click();
    await expect.poll(() => mentor.page.getByTestId("settings-status").textContent()).toMatch(/saved/);

    const newcomer = await e2e.signIn("disciple", { firstName: "Mert", lastName: "Can" });
    await e2e.open(`/en${LESSON}`, { page: newcomer.page });
    await learnerWrites(newcomer.page, "Hello, who will help me?");
    // The bot's system message (participant lpmusr:system) reaches the learner.
    await expect.poll(() => newcomer.page.locator('[data-testid="chat-widget"] [data-kind="system"]').count()).toBeGreaterThan(0);
    await inboxRow(mentor.page, "Mert").waitFor();
  });

  it("works by keyboard alone", async () => {
    const page = mentor.page;
    await e2e.open("/en/mentor/?filter=all", { page });
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? document.activeElement?.tagName ?? "");
    const seen: string[] = [];
    for (let i = 0; i < 40 && !seen.includes("inbox-chat"); i++) {
      await page.keyboard.press("Tab");
      seen.push(await focused());
    }
    expect(seen).toContain("inbox-filter-waiting");
    expect(seen).toContain("inbox-filter-all");
    expect(seen.at(-1)).toBe("inbox-chat");
    await page.keyboard.press("Enter");
    await page.getByTestId("inbox-chat-pane").waitFor();
    for (let i = 0; i < 40 && (await focused()) !== "chat-input"; i++) await page.keyboard.press("Tab");
    expect(await focused()).toBe("chat-input");
    await page.keyboard.type("Typed without a mouse.");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("inbox-chat-pane").getByText("Typed without a mouse.").count()).toBeGreaterThan(0);
    // The settings dialog opens and closes with the keyboard, focus returning to its button.
    await page.getByTestId("settings-open").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("settings-form").waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(focused).toBe("settings-open");
  });

  it("reads right to left in Arabic, and passes axe", async () => {
    await mentor.context.addCookies([{ name: "lang", value: "ar", url: e2e.baseURL }]);
    await learner.context.addCookies([{ name: "lang", value: "ar", url: e2e.baseURL }]);
    await e2e.open("/ar/mentor/?filter=all", { page: mentor.page });
    expect(await mentor.page.locator("html").getAttribute("dir")).toBe("rtl");
    await inboxRow(mentor.page, "Leyla").click();
    await mentor.page.getByTestId("learner-panel").waitFor();
    expect(await mentor.page.getByRole("heading", { level: 1 }).textContent()).toContain("صندوق رسائل المرشد");
    // The side panel sits at the inline end: left of the thread in rtl.
    const thread = await mentor.page.getByTestId("inbox-chat-pane").locator("[data-testid=chat-thread]").boundingBox();
    const panel = await mentor.page.getByTestId("learner-panel").boundingBox();
    expect(panel!.x).toBeLessThan(thread!.x);
    await shot(mentor.page, "inbox-ar");
    await e2e.axeCheck(mentor.page, "inbox (ar)");

    const page = await learner.context.newPage();
    await e2e.open("/ar/profile/Notifications/NotificationsPage", { page });
    await page.getByTestId("notifications-list").waitFor();
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await shot(page, "notifications-ar");
    await e2e.axeCheck(page, "notifications (ar)");
  });
});
