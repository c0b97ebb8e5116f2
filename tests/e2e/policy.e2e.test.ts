/**
 * Terms and policy in the browser: every category page in English and in Arabic (rtl) with axe,
 * the category dropdown and the sticky list pushing /{lang}/{category}/, the template fallback,
 * and the terms popup opened from the sign-up step and from the cookie notice.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ALL_POLICY_CATEGORIES, POLICY_CATEGORIES, type PolicyCategory } from "../../src/domain/policy";
import { pages } from "../../src/server/db/schema/portal";
import { policyPage } from "../../src/server/db/seed/demo-policies";
import { upsertPage } from "../../src/server/db/seed/factories";
import { useE2E } from "./fixtures";
import { changeContent } from "../../src/server/platform/content-version";

const e2e = useE2E();
/** A string of the auth language pack, as the page shows it. */
function authText(lang: string, key: string): string {
  const pack = JSON.parse(readFileSync(path.join(process.cwd(), "locales", lang, "auth.json"), "utf8")) as Record<string, unknown>;
  return key.split(".").reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], pack) as string;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const meta = (page: Page, selector: string, attr = "content") => page.locator(selector).first().getAttribute(attr);

describe("policy pages", () => {
  for (const lang of ["en", "ar"] as const) {
    it.each(ALL_POLICY_CATEGORIES)(`shows %s in ${lang} with its sections, real SEO meta and no serious axe violation`, async (category) => {
      const page = await e2e.open(`/${lang}/${category}/`, { lang, status: 200 });
      const seeded = policyPage(category, lang);
      expect(await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }))).toEqual({
        lang,
        dir: lang === "ar" ? "rtl" : "ltr",
      });
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(seeded.title);
      for (const block of seeded.blocks) {
        expect(await page.getByRole("heading", { level: 2, name: (block.props as { title: string }).title }).isVisible()).toBe(true);
      }
      expect(await page.title()).toContain(seeded.title);
      expect(await meta(page, 'meta[name="description"]')).toBe(seeded.description);
      expect(await meta(page, 'link[rel="canonical"]', "href")).toBe(e2e.url(`/${lang}/${category}/`));
      expect(await meta(page, 'meta[property="og:title"]')).toContain(seeded.title);
      expect(await page.locator('meta[name="robots"]').count()).toBe(0);

      const list = page.getByTestId("policy-list").getByRole("link");
      const expected = category.startsWith("mentor-") ? POLICY_CATEGORIES.mentor : POLICY_CATEGORIES.default;
      expect(await list.count()).toBe(expected.length);
      expect(await page.getByTestId("policy-list").locator('[aria-current="page"]').getAttribute("href")).toBe(`/${lang}/${category}/`);
      await e2e.axeCheck(page, `${lang}/${category}`);
    });
  }

  it("switches category with the dropdown: the address becomes /{lang}/{category}/ and Back returns", async () => {
    const page = await e2e.open("/en/privacy-policy", { status: 200 });
    await page.getByTestId("policy-dropdown").click();
    await page.getByRole("menuitem", { name: "Terms of use" }).click();
    await expect.poll(() => pathOf(page)).toBe("/en/terms-of-use/");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(policyPage("terms-of-use", "en").title);
    expect(await page.getByTestId("policy-dropdown").textContent()).toContain("Terms of use");
    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe("/en/privacy-policy");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(policyPage("privacy-policy", "en").title);
  });

  it("switches category with the sticky list and brings the document's start into view", async () => {
    const page = await e2e.open("/en/privacy-policy/", { lang: "en", status: 200 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const list = page.getByTestId("policy-list");
    expect(await list.evaluate((el) => getComputedStyle(el).position)).toBe("sticky");
    await list.getByRole("link", { name: "Cookie policy" }).click();
    await expect.poll(() => pathOf(page)).toBe("/en/cookie-policy/");
    await expect.poll(() => list.locator('[aria-current="page"]').textContent()).toBe("Cookie policy");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).evaluate((h) => Math.round(h.getBoundingClientRect().top)))
      .toBeLessThan(page.viewportSize()!.height / 2);
  });

  it("switches the Arabic dropdown to the Arabic address", async () => {
    const page = await e2e.open("/ar/mentor-policy/", { lang: "ar", status: 200 });
    await page.getByTestId("policy-dropdown").click();
    const items = page.getByRole("menuitem");
    // The menu is fetched on its first opening (docs/decisions/0020-lean-client.md).
    await items.first().waitFor();
    expect(await items.allTextContents()).toEqual(POLICY_CATEGORIES.mentor.map((c) => policyPage(c, "ar").title).map((t) => expect.stringContaining(t)));
    await items.nth(1).click();
    await expect.poll(() => pathOf(page)).toBe("/ar/mentor-terms/");
  });

  it.each(["/en/no-such-policy", "/en/main", "/ar/privacy"])("answers 404 for %s", async (path) => {
    const { page } = await e2e.newPage({ lang: "en", consent: true });
    const res = await page.goto(e2e.url(path));
    expect(res?.status()).toBe(404);
  });

  it("shows the category's template when the portal has no page for it", async () => {
    const env = e2e.config.ENVIRONMENT_ID;
    await changeContent(e2e.database.db, async (tx) => {
      await tx.delete(pages).where(and(eq(pages.environmentId, env), eq(pages.type, "page"), eq(pages.alias, "mentor-terms"), eq(pages.lang, "en")));
    });
    await upsertPage(e2e.database.db, {
      environmentId: env,
      type: "template",
      alias: "mentor-terms",
      lang: "en",
      title: "Mentor terms (standard text)",
      components: [{ id: "tpl-terms", type: "text", props: { title: "Standard terms", html: "<p>The standard terms every portal starts with.</p>" } }],
    });
    const page = await e2e.open("/en/mentor-terms/", { status: 200 });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Mentor terms (standard text)");
    expect(await page.getByText("The standard terms every portal starts with.").isVisible()).toBe(true);
  });
});

describe("the terms popup", () => {
  const popupTitle = (page: Page) => page.getByRole("dialog").last().getByRole("heading", { level: 2 }).first().textContent();

  for (const lang of ["en", "ar"] as const) {
    it(`opens from the sign-up step's agreement in ${lang}, switches category in place and leaves the box as it was`, async () => {
      const page = await e2e.open(`/${lang}/`, { lang, status: 200 });
      await page.getByTestId("sign-in").click();
      await page.getByTestId("scenario-step-login").waitFor();
      await page
        .getByTestId("scenario-step-login")
        .getByRole("button", { name: authText(lang, "login.createAccount") })
        .click();
      await page.getByTestId("scenario-step-sign-in").waitFor();
      // A CSS locator: the step is aria-hidden while the terms popup is above it.
      const agree = page.getByTestId("scenario-step-sign-in").locator("input[type=checkbox]");
      // In sign-up flows the agreement starts ticked (seed 001 §4); following its links must not change it.
      expect(await agree.isChecked()).toBe(true);
      await page.getByTestId("scenario-step-sign-in").locator('[data-policy-link="terms-of-use"]').click();
      const popup = page.getByTestId("policy-popup");
      await popup.waitFor();
      await expect.poll(() => popupTitle(page)).toBe(policyPage("terms-of-use", lang).title);
      expect(await agree.isChecked()).toBe(true);
      await e2e.axeCheck(page, `terms popup ${lang}`);

      // Scroll the document down, then switch: the popup shows the other document from its start.
      const scroller = page.getByRole("dialog").last().locator(".overflow-y-auto");
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await popup.getByRole("button", { name: policyPage("privacy-policy", lang).title, exact: true }).click();
      await expect.poll(() => popupTitle(page)).toBe(policyPage("privacy-policy", lang).title);
      await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeLessThan(120);
      expect(pathOf(page)).toBe(`/${lang}/`);

      // Closing the document returns to the sign-up step, still open.
      await page.keyboard.press("Escape");
      await expect.poll(() => popup.count()).toBe(0);
      expect(await page.getByTestId("scenario-step-sign-in").isVisible()).toBe(true);
      expect(await agree.isChecked()).toBe(true);
    });
  }

  it("opens the cookie policy from the cookie notice", async () => {
    const page = await e2e.open("/en/", { consent: false, status: 200 });
    const notice = page.getByTestId("cookie-notice");
    await notice.waitFor();
    await notice.locator('[data-policy-link="cookie-policy"]').click();
    await page.getByTestId("policy-popup").waitFor();
    await expect.poll(() => popupTitle(page)).toBe(policyPage("cookie-policy", "en").title);
    const list = page.getByTestId("policy-popup").getByTestId("policy-list");
    expect(await list.getByRole("button").allTextContents()).toEqual(POLICY_CATEGORIES.default.map((c: PolicyCategory) => policyPage(c, "en").title));
    await page.getByTestId("policy-popup").getByTestId("policy-dropdown").click();
    await page.getByRole("menuitem", { name: "Terms of use" }).click();
    await expect.poll(() => popupTitle(page)).toBe("Terms of use");
    expect(pathOf(page)).toBe("/en/");
  });
});
