/**
 * The back office's settings in Chromium (issue 16): an admin changes the theme colour on the
 * environment screen, sees it in the live preview of the design-system page, saves, and a public
 * page draws the new colour; adds a language on the portal screen, sees the pack keys it lacks, saves,
 * and the public site serves /de/, also to a reader who switches to it. The preview has no cookie notice. The three screens pass axe in en and ar (right to left) and the
 * environment form is used with the keyboard only.
 */
import { describe, expect, it } from "vitest";
import type { TAdminPortalSettings } from "../../src/domain/backoffice-settings";
import { type SignedIn, useE2E } from "./fixtures";

const e2e = useE2E();
const SLOW = { timeout: 20_000 };
const TEAL = "#0f7677";

describe("the back office's settings screens", () => {
  let admin: SignedIn;

  it("changes the theme colour with a live preview; a public page draws it once saved", async () => {
    admin = await e2e.signIn("admin");
    const page = await e2e.open("/en/studio/settings/environment", { page: admin.page });
    const form = page.getByTestId("environment-settings");
    await form.locator('[id$="-theme-color"]').selectOption("teal");
    // The preview frame got the unsaved theme (same origin, posted by the screen).
    const frame = page.frameLocator('[data-testid="theme-preview"]');
    await expect.poll(() => frame.getByTestId("guideline-frame").getAttribute("data-preview-color"), SLOW).toBe("teal");
    await expect.poll(() => frame.locator("html").evaluate((el) => getComputedStyle(el).getPropertyValue("--theme-primary").trim()), SLOW).toBe(TEAL);
    // Not saved yet: the public site keeps its colour.
    const before = await e2e.open("/en/");
    expect(await before.locator("html").evaluate((el) => getComputedStyle(el).getPropertyValue("--theme-primary").trim())).not.toBe(TEAL);
    await page.getByTestId("environment-settings-save").click();
    await expect.poll(() => page.getByTestId("environment-settings-state").getAttribute("data-state"), SLOW).toBe("saved");
    const guest = await e2e.open("/en/");
    expect(await guest.locator("html").evaluate((el) => getComputedStyle(el).getPropertyValue("--theme-primary").trim())).toBe(TEAL);
  });

  it("draws the preview without the cookie notice, which an undecided visitor of that page does get", async () => {
    const undecided = await e2e.signIn("admin", { consent: false });
    const page = await e2e.open("/en/studio/settings/environment", { page: undecided.page });
    const frame = page.frameLocator('[data-testid="theme-preview"]');
    await page.getByTestId("environment-settings").locator('[id$="-theme-color"]').selectOption("teal");
    await expect.poll(() => frame.getByTestId("guideline-frame").getAttribute("data-preview-color"), SLOW).toBe("teal");
    await expect.poll(() => frame.getByTestId("cookie-notice").count(), SLOW).toBe(0);
    const visitor = await e2e.open("/en/guideline/components", { consent: false });
    await expect.poll(() => visitor.getByTestId("cookie-notice").isVisible(), SLOW).toBe(true);
  });

  it("adds a language: the keys it lacks are listed, and the public site serves it", async () => {
    const page = await e2e.open("/en/studio/settings/portal", { page: admin.page });
    const form = page.getByTestId("portal-settings");
    await form.getByRole("button", { name: "Add to Language codes" }).click();
    await form.locator('[id$="-i18n-langs-4"]').fill("de");
    const gap = page.getByTestId("language-gap-de");
    await expect.poll(() => gap.getAttribute("data-missing"), SLOW).not.toBeNull();
    expect(Number(await gap.getAttribute("data-missing"))).toBeGreaterThan(100);
    await expect.poll(() => gap.textContent()).toContain("No pack");
    await page.getByTestId("portal-settings-save").click();
    await expect.poll(() => page.getByTestId("portal-settings-state").getAttribute("data-state"), SLOW).toBe("saved");
    const res = await admin.context.request.get(e2e.url("/api/admin/settings/portal"));
    const saved = (await res.json()) as TAdminPortalSettings;
    expect(saved.settings.i18n.langs).toEqual(["tr", "en", "ar", "ru", "de"]);
    const guest = await e2e.open("/de/");
    expect(await guest.locator("html").getAttribute("lang")).toBe("de");
    // A reader switches to it from another language: the browser loads its packs (English until translated).
    const reader = await e2e.open("/en/");
    await reader.getByTestId("language-switcher").click();
    await reader.getByRole("menuitem", { name: "Deutsch", exact: true }).click();
    await expect.poll(() => new URL(reader.url()).pathname, SLOW).toMatch(/^\/de\//);
    // The address changes before the new document is in place: wait for its language.
    await expect.poll(() => reader.locator("html").getAttribute("lang"), SLOW).toBe("de");
    await expect.poll(() => reader.getByTestId("language-switcher").textContent(), SLOW).toContain("DE");
  });

  it("is usable with the keyboard only: Tab to the colour, pick it with the arrows, Tab to save and press Enter", async () => {
    const page = await e2e.open("/en/studio/settings/environment", { page: admin.page });
    const colour = page.getByTestId("environment-settings").locator('[id$="-theme-color"]');
    let guard = 0;
    while (!(await colour.evaluate((el) => el === document.activeElement)) && guard++ < 200) await page.keyboard.press("Tab");
    expect(guard).toBeLessThan(200);
    const start = await colour.inputValue();
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => colour.inputValue()).not.toBe(start);
    const save = page.getByTestId("environment-settings-save");
    guard = 0;
    while (!(await save.evaluate((el) => el === document.activeElement)) && guard++ < 200) await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("environment-settings-state").getAttribute("data-state"), SLOW).toBe("saved");
  });

  it.each(["en", "ar"])("draws the three screens without serious axe violations in %s", async (lang) => {
    for (const screen of ["portal", "environment", "registration"]) {
      const page = await e2e.open(`/${lang}/studio/settings/${screen}`, { page: admin.page });
      expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
      await page.getByTestId(`${screen}-settings`).waitFor(SLOW);
      await e2e.axeCheck(page, `settings ${screen} ${lang}`);
    }
  });
});
