/**
 * The learner's progress pages in Chromium (issue 30): a page of 20 courses, and the next page a real
 * link reached and followed by keyboard (Tab, then Enter) with a visible focus ring, in English and in
 * Arabic, where the pager runs right to left. Screenshots go to MENTORA_SHOTS (default /work/shots/30/progress).
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { listOrder, seedLearnerCourses } from "../support/progress-seed";
import { useE2E, waitForHydration } from "./fixtures";

const e2e = useE2E();
const SHOTS = process.env.MENTORA_SHOTS ?? "/work/shots/30/progress";

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const shown = (page: Page) => page.getByTestId("progress-course").evaluateAll((items) => items.map((i) => i.getAttribute("data-course")));
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null);

describe("progress pages in the browser", () => {
  it.each([
    ["en", "Next page", "Back to the first page"],
    ["ar", "الصفحة التالية", "العودة إلى الصفحة الأولى"],
  ])("%s: the next page is a link the keyboard reaches and follows", async (lang, next, first) => {
    const learner = await e2e.signIn("disciple");
    const seeded = await seedLearnerCourses(e2e.database.db, { portalId: e2e.config.PORTAL_ID, userId: learner.userId, prefix: `e2ep${lang}`, count: 45 });
    const order = listOrder(seeded).map((c) => c.courseId);
    const page = await e2e.open(`/${lang}/profile/progress/all`, { page: learner.page });
    expect(await shown(page)).toEqual(order.slice(0, 20));
    const link = page.getByRole("link", { name: next });
    expect(await link.getAttribute("href")).toMatch(new RegExp(`^/${lang}/profile/progress/all\\?after=`));
    await shot(page, `${lang}-page-1`);

    // From the last course's marker, one Tab reaches the pager: the keyboard, not a script, puts focus there.
    await page.getByTestId("progress-marker").last().focus();
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("progress-next");
    const outline = await link.evaluate((a) => getComputedStyle(a).outlineStyle);
    expect(outline).not.toBe("none");
    await shot(page, `${lang}-page-1-next-focused`);
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.searchParams.has("after"));
    await expect.poll(() => shown(page)).toEqual(order.slice(20, 40));
    await waitForHydration(page);

    // Back to the first page sits at the start of the reading direction, the next page at its end.
    const back = page.getByRole("link", { name: first });
    const [b, n] = [await back.boundingBox(), await page.getByRole("link", { name: next }).boundingBox()];
    if (lang === "ar") expect(b!.x).toBeGreaterThan(n!.x);
    else expect(b!.x).toBeLessThan(n!.x);
    await e2e.axeCheck(page, `${lang} progress page 2`);
    await shot(page, `${lang}-page-2`);

    await page.getByRole("link", { name: next }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => shown(page)).toEqual(order.slice(40));
    expect(await page.getByRole("link", { name: next }).count()).toBe(0);
    await back.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => !u.searchParams.has("after"));
    await expect.poll(() => shown(page)).toEqual(order.slice(0, 20));
  });
});
