/**
 * The catalogue's pages in Chromium (issue 30): with more courses than a page holds, the pager's
 * "Next page" is reached by Tab, shows the focus ring, and Enter follows it to the next page, whose
 * "Previous page" leads back; in Arabic the pager is mirrored (previous on the right). Screenshots
 * of the catalogue with its pager in en and ar go to /work/shots/30/catalogue/ (MENTORA_SHOTS overrides).
 */
import { mkdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_PAGE_SIZE } from "../../src/domain/course";
import { changeContent } from "../../src/server/platform/content-version";
import { useE2E } from "./fixtures";

const SHOTS = process.env.MENTORA_SHOTS ?? "/work/shots/30/catalogue";
const e2e = useE2E();
const NEXT = '[data-testid="catalogue-pages-next"]';
const PREV = '[data-testid="catalogue-pages-prev"]';
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null);

/** Presses Tab until the element with that test id has focus (at most `max` times); how many it took. */
async function tabTo(page: Page, testId: string, max = 200): Promise<number> {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press("Tab");
    if ((await focusedTestId(page)) === testId) return i;
  }
  throw new Error(`${testId} was not reached by Tab`);
}

describe("the catalogue's pages", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // More courses than two pages hold, after the demo's (index 100 and up: the demo's come first).
    await changeContent(e2e.database.db, async (tx) => {
      await tx.execute(sql`insert into courses (id, portal_id, title, description, published, index, duration)
        select 'paged-' || lpad(u::text, 3, '0'), ${e2e.config.PORTAL_ID},
          jsonb_build_object('en', 'Paged course ' || u, 'ar', 'دورة الصفحات ' || u, 'tr', 'Sayfalı kurs ' || u, 'ru', 'Курс страницы ' || u),
          jsonb_build_object('en', 'A short course to fill the catalogue.', 'ar', 'دورة قصيرة لملء الكتالوج.'), true, 100 + u, 30
        from generate_series(1, ${CATALOGUE_PAGE_SIZE * 2}::int) u on conflict do nothing`);
    });
  });

  it.each([
    ["en", "Next page", "Previous page", "ltr"],
    ["ar", "الصفحة التالية", "الصفحة السابقة", "rtl"],
  ] as const)(
    "in %s, Tab reaches 'Next page' with a focus ring, Enter follows it, and the pager is mirrored as the language reads",
    async (lang, next, prev, dir) => {
      const page = await e2e.open(`/${lang}/courses/`, { lang, viewport: { width: 1280, height: 900 } });
      expect(await page.locator("html").getAttribute("dir")).toBe(dir);
      expect(await page.locator('[data-testid="catalogue"] > li').count()).toBe(CATALOGUE_PAGE_SIZE);
      expect(await page.locator(PREV).count()).toBe(0);
      expect(await page.locator(NEXT).textContent()).toContain(next);

      await tabTo(page, "catalogue-pages-next");
      const ring = await page.locator(NEXT).evaluate((a) => {
        const s = getComputedStyle(a);
        return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
      });
      expect(ring.style).not.toBe("none");
      expect(ring.width).toBeGreaterThanOrEqual(2);
      await page.locator('[data-testid="catalogue-pages"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/catalogue-${lang}-page1-next-focused.png`, fullPage: false });

      await page.keyboard.press("Enter");
      await page.waitForURL(/\?after=1\./);
      await page.locator(PREV).waitFor();
      expect(await page.locator(PREV).textContent()).toContain(prev);
      expect(await page.locator('[data-testid="catalogue"] > li').count()).toBe(CATALOGUE_PAGE_SIZE);
      const [prevBox, nextBox] = [await page.locator(PREV).boundingBox(), await page.locator(NEXT).boundingBox()];
      // Previous sits where reading starts: left in English, right in Arabic.
      if (dir === "ltr") expect(prevBox!.x).toBeLessThan(nextBox!.x);
      else expect(prevBox!.x).toBeGreaterThan(nextBox!.x);
      await page.locator('[data-testid="catalogue-pages"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/catalogue-${lang}-page2.png`, fullPage: false });

      // And back by keyboard: Previous page leads to the first page's cards.
      await page.locator(PREV).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/\?before=1\./);
      // The address changes before the first page's pager renders (both pages have a Next link).
      await expect.poll(() => page.locator(PREV).count()).toBe(0);
      await page.locator(NEXT).waitFor();
      await e2e.axeCheck(page, `catalogue ${lang}`);
    },
  );
});
