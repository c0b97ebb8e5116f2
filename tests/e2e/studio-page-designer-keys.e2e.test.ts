/**
 * The page designer's keyboard and page life in Chromium (issue 15, docs/decisions/0054): WAI-ARIA
 * tabs (arrows mirrored right to left, Home/End, roving tabindex), Ctrl+Z in the rich text is
 * TipTap's while the page-level undo keeps working elsewhere, the preview's notice for a language the
 * page has no title in, no e-mail notice inside the preview frame, and rename and delete from the
 * designer (a page in use is refused, naming its use). Axe in en and ar with the dialogs open.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type SignedIn, useE2E } from "./fixtures";

const e2e = useE2E();
const SLOW = { timeout: 20_000 };
const saveState = (page: Page) => page.getByTestId("save-status").getAttribute("data-state");
const selectedTab = (page: Page, list: string) => page.locator(`[role="tablist"][aria-label="${list}"] [role="tab"][aria-selected="true"]`).getAttribute("id");
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

async function newPage(who: SignedIn, alias: string) {
  const res = await who.context.request.post(e2e.url("/api/admin/pages"), {
    data: { alias, title: { tr: `Sayfa ${alias}` } },
    headers: { origin: e2e.baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
}

describe("the page designer's keys, preview and page life", () => {
  let creator: SignedIn;

  it("moves between tabs with the arrows (mirrored in ar), Home and End; only the selected tab is in the Tab order", async () => {
    creator = await e2e.signIn("mp-admin", { viewport: { width: 1600, height: 1000 } });
    await newPage(creator, "keys");
    const page = await e2e.open("/en/studio/pages/keys", { page: creator.page });
    await page.getByTestId("designer-tab-block").waitFor(SLOW);
    expect(await page.locator('[role="tab"][tabindex="0"]').count()).toBe(1);
    await page.getByTestId("designer-tab-block").focus();
    await page.keyboard.press("ArrowRight");
    expect(await selectedTab(page, "Designer panels")).toBe("designer-tab-settings");
    expect(await focusedId(page)).toBe("designer-tab-settings");
    // The settings' language tabs: another tab list, with its own roving tabindex.
    await page.getByTestId("settings-lang-tr").waitFor();
    expect(await page.locator('[role="tab"][tabindex="0"]').count()).toBe(2);
    await page.keyboard.press("End");
    expect(await selectedTab(page, "Designer panels")).toBe("designer-tab-history");
    await page.keyboard.press("ArrowRight");
    expect(await selectedTab(page, "Designer panels")).toBe("designer-tab-block");
    await page.keyboard.press("ArrowLeft");
    expect(await focusedId(page)).toBe("designer-tab-history");
    await page.keyboard.press("Home");
    expect(await focusedId(page)).toBe("designer-tab-block");

    const ar = await e2e.open("/ar/studio/pages/keys", { page });
    await ar.getByTestId("designer-tab-block").waitFor(SLOW);
    expect(await ar.locator("html").getAttribute("dir")).toBe("rtl");
    await ar.getByTestId("designer-tab-block").focus();
    // Right to left the next tab sits on the left.
    await ar.keyboard.press("ArrowLeft");
    expect(await focusedId(ar)).toBe("designer-tab-settings");
    await ar.getByTestId("settings-lang-tr").focus();
    await ar.keyboard.press("ArrowLeft");
    expect(await focusedId(ar)).toBe("settings-lang-tab-en");
    expect(await ar.getByTestId("settings-lang-en").getAttribute("aria-selected")).toBe("true");
    await ar.keyboard.press("ArrowRight");
    expect(await focusedId(ar)).toBe("settings-lang-tab-tr");
    await e2e.axeCheck(ar, "designer ar, settings tabs");
  });

  it("leaves Ctrl+Z in the rich text to TipTap, and undoes page edits elsewhere", async () => {
    const page = await e2e.open("/en/studio/pages/keys", { page: creator.page });
    await page.getByTestId("designer-add-block").waitFor(SLOW);
    for (const kind of ["quote", "text"]) {
      await page.getByTestId("designer-add-block").click();
      await page.locator(`[data-entry="${kind}"]`).click();
    }
    await expect.poll(() => page.getByTestId("designer-block").count()).toBe(2);
    const editor = page.locator('[data-testid="props-column"][data-lang="tr"] [data-testid="rich-text"] [contenteditable="true"]');
    await editor.waitFor(SLOW);
    const before = (await editor.textContent()) ?? "";
    await editor.click();
    await page.keyboard.press("End");
    // One input, so one undo step however slowly the machine types (typed keys group by time).
    await page.keyboard.insertText(" ekledim");
    await expect.poll(() => editor.textContent()).toContain("ekledim");
    await page.keyboard.press("Control+z");
    await expect.poll(() => editor.textContent()).toBe(before);
    // TipTap has nothing more to undo: the page-level undo must not reach past it and remove a block.
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+z");
    expect(await page.getByTestId("designer-block").count()).toBe(2);
    await page.keyboard.press("Control+Shift+z");
    await expect.poll(() => editor.textContent()).toContain("ekledim");

    // Elsewhere the designer's undo: the text block's addition goes.
    await page.getByTestId("designer-tab-block").focus();
    for (let i = 0; i < 3 && (await page.getByTestId("designer-block").count()) === 2; i++) await page.keyboard.press("Control+z");
    await expect.poll(() => page.getByTestId("designer-block").count()).toBe(1);
    await page.keyboard.press("Control+y");
    await expect.poll(() => page.getByTestId("designer-block").count()).toBe(2);
    await expect.poll(() => saveState(page), SLOW).toBe("saved");
  });

  it("previews a language without a title as a notice, and draws no e-mail notice inside the frame", async () => {
    const page = await e2e.open("/en/studio/pages/keys", { page: creator.page });
    await page.getByTestId("designer-preview").waitFor(SLOW);
    // The creator's address waits for confirmation: the designer shows the notice, the frame must not.
    await page.getByTestId("email-verify-notice").waitFor(SLOW);
    const frame = page.frameLocator('[data-testid="preview-frame"]');
    await frame.locator('[data-testid="page-preview"]').waitFor(SLOW);
    expect(await frame.locator('[data-testid="email-verify-notice"]').count()).toBe(0);
    await page.getByTestId("preview-lang").selectOption("ar");
    await expect.poll(() => frame.locator("html").getAttribute("dir"), SLOW).toBe("rtl");
    const notice = frame.locator('[data-testid="preview-not-in-language"]');
    await notice.waitFor(SLOW);
    expect(await notice.textContent()).toContain("أضف عنوانًا");
    expect(await frame.locator('[data-testid="page-preview"]').count()).toBe(0);
    expect(await frame.locator('[data-testid="email-verify-notice"]').count()).toBe(0);
  });

  it("renames the page from the designer, refuses to delete a page in use naming the use, and deletes after confirming", async () => {
    const page = await e2e.open("/en/studio/pages/keys", { page: creator.page });
    await page.getByTestId("page-rename").waitFor(SLOW);
    await expect.poll(() => saveState(page), SLOW).toBe("saved");
    await page.getByTestId("page-rename").click();
    const alias = page.getByTestId("page-rename-alias");
    await alias.fill("Bad Alias");
    await page.getByTestId("page-rename-confirm").click();
    expect(await alias.getAttribute("aria-invalid")).toBe("true");
    await alias.fill("main");
    await page.getByTestId("page-rename-confirm").click();
    await page.getByTestId("page-action-refused").waitFor(SLOW);
    await e2e.axeCheck(page, "rename dialog en");
    await alias.fill("keys-renamed");
    await page.getByTestId("page-rename-confirm").click();
    await page.waitForURL("**/en/studio/pages/keys-renamed", SLOW);
    await page.getByTestId("designer-blocks").waitFor(SLOW);
    await expect.poll(() => page.getByTestId("designer-block").count(), SLOW).toBe(2);

    const main = await e2e.open("/ar/studio/pages/main", { page });
    await main.getByTestId("page-delete").waitFor(SLOW);
    await main.getByTestId("page-delete").click();
    await main.getByTestId("page-delete-confirm").click();
    const refused = main.getByTestId("page-action-refused");
    await refused.waitFor(SLOW);
    expect(await refused.locator('[data-usage="navigation"]').textContent()).toContain("nav-home");
    await e2e.axeCheck(main, "delete dialog ar");
    await main.keyboard.press("Escape");

    const renamed = await e2e.open("/en/studio/pages/keys-renamed", { page: main });
    await renamed.getByTestId("page-delete").waitFor(SLOW);
    await renamed.getByTestId("page-delete").click();
    await renamed.getByTestId("page-delete-confirm").click();
    await renamed.waitForURL("**/en/studio/pages", SLOW);
    await renamed.getByTestId("studio-page-list").waitFor(SLOW);
    expect(await renamed.locator('[data-testid="studio-page"][data-alias="keys-renamed"]').count()).toBe(0);
  });

  it("makes a policy category's template from the pages list by keyboard and designs it; a system page has no rename or delete (ar)", async () => {
    const author = await e2e.signIn("mp-leader", { viewport: { width: 1600, height: 1000 } });
    const page = await e2e.open("/en/studio/pages", { page: author.page });
    const system = page.getByTestId("studio-page-list-system");
    await system.waitFor(SLOW);
    expect(await system.locator('[data-testid="studio-page"]').evaluateAll((cards) => cards.map((c) => c.getAttribute("data-alias")).sort())).toEqual([
      "404",
      "access-denied",
    ]);
    await page.getByTestId("new-page-alias").focus();
    await page.keyboard.type("cookie-policy");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Çerezler");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown");
    expect(await page.getByTestId("new-page-type").inputValue()).toBe("template");
    await e2e.axeCheck(page, "pages list en");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("new-page-create");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/en/studio/pages/cookie-policy" && url.search === "?kind=template", SLOW);
    await page.getByTestId("designer-tab-settings").click();
    expect(await page.getByTestId("settings-type").getAttribute("data-type")).toBe("template");
    expect(await page.getByTestId("settings-published").count()).toBe(0);
    expect(await page.getByTestId("page-rename").count()).toBe(1);
    expect(new URL((await page.locator("iframe").first().getAttribute("src")) ?? "", e2e.baseURL).search).toBe("?kind=template");

    const list = await e2e.open("/en/studio/pages", { page });
    await list.getByTestId("studio-page-list-template").waitFor(SLOW);
    expect(
      await list
        .locator('[data-testid="studio-page"][data-alias="cookie-policy"]')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-type")).sort()),
    ).toEqual(["page", "template"]);

    const notFound = await e2e.open("/ar/studio/pages/404", { page: list });
    await notFound.getByTestId("designer-tab-settings").waitFor(SLOW);
    expect(await notFound.getByTestId("page-rename").count()).toBe(0);
    expect(await notFound.getByTestId("page-delete").count()).toBe(0);
    await notFound.getByTestId("designer-tab-settings").click();
    expect(await notFound.getByTestId("settings-type").getAttribute("data-type")).toBe("system");
    await e2e.axeCheck(notFound, "system page designer ar");
  });
});
