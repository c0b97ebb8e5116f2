/**
 * The back office's dashboard in Chromium (issue 16): an admin opens it, sees who needs help now (a
 * learner whose chat waits past the 24-hour promise) and the charts (SVG with their captions and data
 * tables), changes the date range, works it with the keyboard only (range form, "write to them" into
 * the mentors' inbox), and it passes axe in en and ar (right to left).
 */
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chats } from "../../src/server/db/schema/chat";
import { type SignedIn, useE2E } from "./fixtures";

const e2e = useE2E();
const SLOW = { timeout: 20_000 };
const CHARTS = ["new-learners", "courses", "funnel", "tests", "revenue", "chat", "discussions"];
const active = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? document.activeElement?.getAttribute("name") ?? "");

/** Tab until the focused element says `what` (data-testid or name); fails after `max` presses. */
async function tabTo(page: Page, what: string, max = 80) {
  for (let k = 0; k < max; k++) {
    if ((await active(page)) === what) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${what}`);
}

describe("the back office's dashboard", () => {
  let admin: SignedIn;
  let learnerName: string;

  it("shows who needs help first, draws every chart with its text alternative, and changes the range", async () => {
    const learner = await e2e.signIn("disciple");
    learnerName = learner.email;
    await e2e.database.db.insert(chats).values({
      id: `cht_${randomBytes(13).toString("hex").slice(0, 26)}`,
      portalId: e2e.config.PORTAL_ID,
      studentId: learner.userId,
      mentorId: null,
      mode: "mentor-chooses",
      waitingSince: new Date(Date.now() - 30 * 3_600_000),
    });
    admin = await e2e.signIn("admin");
    const page = await e2e.open("/en/studio/", { page: admin.page });
    // The dashboard is the first back-office link.
    await page.getByTestId("studio-link-dashboard").click();
    await page.getByTestId("stuck-list").waitFor(SLOW);
    expect(new URL(page.url()).pathname).toBe("/en/studio/dashboard");
    // "Who needs help now" comes before the charts.
    const order = await page.evaluate(() => {
      const list = document.querySelector('[data-testid="stuck-list"]')!;
      const chart = document.querySelector('[data-testid^="chart-"]')!;
      return list.compareDocumentPosition(chart) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order).toBeTruthy();
    const row = page.locator('[data-testid="stuck-row"][data-reason="chat-unanswered"]', { hasText: learnerName });
    await expect.poll(() => row.count()).toBe(1);
    for (const id of CHARTS) {
      const chart = page.getByTestId(`chart-${id}`);
      expect(await chart.locator("svg").count(), id).toBeGreaterThan(0);
      expect((await chart.locator("figcaption").textContent())?.length, id).toBeGreaterThan(5);
      expect(await chart.locator("table caption").count(), id).toBe(1);
    }
    // The table behind the toggle holds the numbers.
    await page.getByTestId("chart-new-learners").locator("summary").click();
    expect(await page.getByTestId("chart-new-learners").locator("tbody tr").count()).toBe(30);

    await page.locator('input[name="from"]').fill("2026-01-01");
    await page.locator('input[name="to"]').fill("2026-01-10");
    await page.getByTestId("dashboard-apply").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("from"), SLOW).toBe("2026-01-01");
    await expect.poll(() => page.getByTestId("chart-new-learners").locator("figcaption").textContent(), SLOW).toContain("Jan 10, 2026");
    await page.getByTestId("chart-new-learners").locator("summary").click();
    expect(await page.getByTestId("chart-new-learners").locator("tbody tr").count()).toBe(10);
    // A range the rules refuse is said, and the last 30 days shown.
    await e2e.open("/en/studio/dashboard?from=2026-02-10&to=2026-01-01", { page });
    await expect.poll(() => page.getByRole("alert").or(page.locator("text=cannot be used")).count(), SLOW).toBeGreaterThan(0);
  });

  it("works with the keyboard only: the range form, then writing to a stuck learner", async () => {
    const page = await e2e.open("/en/studio/dashboard", { page: admin.page });
    await page.getByTestId("stuck-list").waitFor(SLOW);
    await tabTo(page, "stuckDays");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("14");
    await page.keyboard.press("Enter");
    await expect.poll(() => new URL(page.url()).searchParams.get("stuckDays"), SLOW).toBe("14");
    await expect.poll(() => page.getByTestId("stuck-list").textContent(), SLOW).toContain("14 days");
    // Back to the top, then Tab to the waiting learner's "write to them".
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const row = page.locator('[data-testid="stuck-row"][data-reason="chat-unanswered"]', { hasText: learnerName });
    await row.getByTestId("stuck-write").evaluate((b) => b.setAttribute("data-target", "yes"));
    for (let k = 0; k < 120; k++) {
      if (await page.evaluate(() => document.activeElement?.getAttribute("data-target") === "yes")) break;
      await page.keyboard.press("Tab");
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-target"))).toBe("yes");
    await page.keyboard.press("Enter");
    await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe("/en/mentor/");
    expect(new URL(page.url()).searchParams.get("chat")).toMatch(/^cht_/);
  });

  it.each(["en", "ar"])("passes axe in %s", async (lang) => {
    const page = await e2e.open(`/${lang}/studio/dashboard`, { page: admin.page });
    await page.getByTestId("stuck-list").waitFor(SLOW);
    expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    for (const summary of await page.locator("summary").all()) await summary.click();
    await e2e.axeCheck(page, `dashboard ${lang}`);
  });
});
