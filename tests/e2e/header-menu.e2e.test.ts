/**
 * The public header's navigation menus in Chromium (issue 15, docs/decisions/0055): the demo's "Learn"
 * item opens by keyboard, arrows move through its links (the second-level group's included), Escape
 * closes it and returns focus, a click outside closes it; it drops down mirrored in Arabic; the
 * mobile menu shows the nested links in place; axe finds nothing serious with the menu open.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useE2E } from "./fixtures";

const e2e = useE2E();
const MENU = '[data-nav-menu="nav-learn"]';
const PANEL = '[data-nav-panel="nav-learn"]';
const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("data-nav-item") ?? document.activeElement?.getAttribute("data-nav-menu"));
const expanded = (page: Page) => page.locator(MENU).getAttribute("aria-expanded");

describe("the header's navigation menus", () => {
  it("opens by keyboard, moves with the arrows, closes with Escape back on its button and on a click outside", async () => {
    const page = await e2e.open("/en/guideline/base");
    expect(await expanded(page)).toBe("false");
    expect(await page.locator(PANEL).isVisible()).toBe(false);
    await page.locator(MENU).focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => focused(page)).toBe("nav-learn-courses");
    expect(await expanded(page)).toBe("true");
    const order = ["nav-learn-microcourse", "nav-learn-video-event", "nav-learn-youtube", "nav-learn-showcase", "nav-learn-courses"];
    for (const id of order) {
      await page.keyboard.press("ArrowDown");
      expect(await focused(page)).toBe(id);
    }
    await page.keyboard.press("ArrowUp");
    expect(await focused(page)).toBe("nav-learn-showcase");
    await page.keyboard.press("Home");
    expect(await focused(page)).toBe("nav-learn-courses");
    await page.keyboard.press("End");
    expect(await focused(page)).toBe("nav-learn-showcase");
    await page.keyboard.press("Escape");
    expect(await expanded(page)).toBe("false");
    expect(await focused(page)).toBe("nav-learn");
    expect(await page.locator(PANEL).isVisible()).toBe(false);

    // Enter toggles it with focus staying on the button; ArrowUp opens it at the last link.
    await page.keyboard.press("Enter");
    expect(await expanded(page)).toBe("true");
    expect(await focused(page)).toBe("nav-learn");
    await page.keyboard.press("Enter");
    expect(await expanded(page)).toBe("false");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => focused(page)).toBe("nav-learn-showcase");
    await page.mouse.click(10, 600);
    await expect.poll(() => expanded(page)).toBe("false");

    // The new-tab link: another window without a way back, and a screen reader is told.
    const tube = page.locator('[data-nav-item="nav-learn-youtube"]');
    expect(await tube.getAttribute("target")).toBe("_blank");
    expect(await tube.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await tube.textContent()).toContain("(opens in a new tab)");

    // Tab from the last link leaves the menu, which closes it.
    await page.locator(MENU).focus();
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => focused(page)).toBe("nav-learn-showcase");
    await page.keyboard.press("Tab");
    await expect.poll(() => expanded(page)).toBe("false");

    // A click on a link follows it and closes the menu.
    await page.locator(MENU).click();
    expect(await expanded(page)).toBe("true");
    await page.locator('[data-nav-item="nav-learn-courses"]').click();
    await page.waitForURL((u) => u.pathname === "/en/courses/");
    expect(await expanded(page)).toBe("false");
  });

  it.each(["en", "ar"])("passes axe with the menu open and drops down from the item's start edge in %s", async (lang) => {
    const page = await e2e.open(`/${lang}/`, { lang });
    expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    await page.locator(MENU).click();
    await page.locator(PANEL).waitFor();
    const button = (await page.locator(MENU).boundingBox())!;
    const panel = (await page.locator(PANEL).boundingBox())!;
    if (lang === "ar") expect(Math.abs(panel.x + panel.width - (button.x + button.width))).toBeLessThan(2);
    else expect(Math.abs(panel.x - button.x)).toBeLessThan(2);
    await e2e.axeCheck(page, `header menu open ${lang}`);
  });

  it("shows the nested links in place in the mobile menu", async () => {
    const page = await e2e.open("/en/guideline/base", { viewport: { width: 390, height: 844 } });
    expect(await page.locator(MENU).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator(MENU).click();
    expect(await expanded(page)).toBe("true");
    const watch = page.locator('[data-nav-item="nav-learn-video-event"]');
    expect(await watch.isVisible()).toBe(true);
    // In place: below its button, inside the menu's width, not a floating panel.
    const button = (await page.locator(MENU).boundingBox())!;
    const link = (await watch.boundingBox())!;
    expect(link.y).toBeGreaterThan(button.y);
    expect(link.x + link.width).toBeLessThanOrEqual(390);
    await e2e.axeCheck(page, "mobile header menu");
    await watch.click();
    await page.waitForURL((u) => u.pathname === "/en/video-event/history-of-writing");
    expect(await page.locator(MENU).isVisible()).toBe(false);
  });
});
