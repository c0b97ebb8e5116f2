/**
 * The studio's navigation editor in Chromium (issue 15): an mp-admin adds a menu item, names it in
 * the form generated from ZNavigationItemSettings, moves it up with Alt+ArrowUp, saves, and a guest
 * sees it in the public header at its place. The editor and the video event screen pass axe in en
 * and ar (right to left).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { TStudioNavigation } from "../../src/domain/studio-navigation";
import { type SignedIn, useE2E } from "./fixtures";

const e2e = useE2E();
const SLOW = { timeout: 20_000 };
const itemIds = (page: Page) => page.locator('[data-testid="nav-item"]').evaluateAll((rows) => rows.map((r) => r.getAttribute("data-item")));

describe("the studio's navigation editor", () => {
  let admin: SignedIn;

  it("adds an item, moves it with the keyboard, saves, and the public header shows it", async () => {
    admin = await e2e.signIn("mp-admin");
    const page = await e2e.open("/en/studio/navigation", { page: admin.page });
    const before = await itemIds(page);
    expect(before.length).toBeGreaterThanOrEqual(3);
    await page.getByTestId("nav-add").click();
    await expect.poll(() => itemIds(page)).toHaveLength(before.length + 1);
    const added = (await itemIds(page)).at(-1)!;
    const title = page.getByTestId("nav-item-form").getByRole("group", { name: "Title", exact: true });
    await title.getByLabel("English").fill("Studio link");
    await page.getByTestId("nav-item-form").getByLabel("Link", { exact: true }).fill("/courses/");
    // The icon picker: radio buttons showing the header's icons.
    await page.getByTestId("icon-picker").getByRole("radio", { name: "Book" }).check();
    // Alt+ArrowUp on the item moves it above the last of the others.
    const select = page.locator(`[data-item="${added}"] [data-testid="nav-item-select"]`);
    await select.focus();
    await page.keyboard.press("Alt+ArrowUp");
    await expect.poll(() => itemIds(page)).toEqual([...before.slice(0, -1), added, before.at(-1)]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("nav-item-select");
    await page.getByTestId("nav-save").click();
    await expect.poll(() => page.getByTestId("nav-save-state").getAttribute("data-state"), SLOW).toBe("saved");

    const res = await admin.context.request.get(e2e.url("/api/admin/navigation"));
    const saved = (await res.json()) as TStudioNavigation;
    expect(saved.items.find((i) => i.id === added)).toMatchObject({ link: "/courses/", icon: "book", title: { en: "Studio link" }, parentId: null });

    const guest = await e2e.open("/en/");
    const header = guest.locator("header nav").first();
    await expect.poll(() => header.textContent(), SLOW).toContain("Studio link");
    const links = await header.locator("a").evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute("href")]));
    expect(links).toContainEqual(["Studio link", "/en/courses/"]);
    // Just before the last top-level item (the header also draws menus' links, so count from the end).
    const last = await page.locator('[data-testid="nav-item"][data-depth="1"]').last().getAttribute("data-item");
    expect(links.findIndex((l) => l[0] === "Studio link")).toBe(
      (await header.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("data-nav-item")))).indexOf(last) - 1,
    );
  });

  it("shows a refusal at the item it names and keeps the public header", async () => {
    const page = await e2e.open("/en/studio/navigation", { page: admin.page });
    await page.getByTestId("nav-add").click();
    const form = page.getByTestId("nav-item-form");
    await form.getByRole("group", { name: "Title", exact: true }).getByLabel("English").fill("Broken");
    // A Turkish title is required (the portal's primary language): emptied, the server refuses at the item.
    await form.getByRole("group", { name: "Title", exact: true }).getByLabel("Turkish").fill("");
    await page.getByTestId("nav-save").click();
    await expect.poll(() => page.getByTestId("nav-save-state").getAttribute("data-state"), SLOW).toBe("failed");
    await expect.poll(() => page.getByTestId("nav-item-error").count()).toBe(1);
    const guest = await e2e.open("/en/");
    expect(await guest.locator("header nav").first().textContent()).not.toContain("Broken");
  });

  it.each(["en", "ar"])("draws the editor and the video event screen without serious axe violations in %s", async (lang) => {
    const page = admin.page;
    await e2e.open(`/${lang}/studio/navigation`, { page });
    expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    await page.getByTestId("nav-tree").waitFor(SLOW);
    await e2e.axeCheck(page, `studio navigation ${lang}`);
    await e2e.open(`/${lang}/studio/video-events/history-of-writing`, { page });
    await page.getByTestId("new-episode").waitFor(SLOW);
    await e2e.axeCheck(page, `studio video event ${lang}`);
    await e2e.open(`/${lang}/studio/microcourses/breathing-break`, { page });
    await page.getByTestId("microcourse-settings").waitFor(SLOW);
    await e2e.axeCheck(page, `studio microcourse ${lang}`);
  });
});
