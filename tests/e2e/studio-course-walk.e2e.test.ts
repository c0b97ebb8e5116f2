/**
 * Issue 15's walk in Chromium: a creator builds a new three-element course with a landing page of six
 * block kinds in two languages, previews it right to left in Arabic and publishes it; a learner then
 * finds the course in the catalogue, sees the landing page and finishes its first lesson. Axe on the
 * designer in en and ar. Screenshots go to /work/shots/h15walk/ (MENTORA_SHOTS overrides).
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { TStudioPage } from "../../src/domain/studio-pages";
import { type SignedIn, useE2E } from "./fixtures";

const e2e = useE2E();
const SHOTS = process.env.MENTORA_SHOTS ?? "/work/shots/h15walk";
const COURSE = "walk-course";
const ALIAS = `course-${COURSE}`;
const SLOW = { timeout: 20_000 };
const KINDS = ["text", "quote", "fact", "photo", "faq", "scheme"];

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const saveState = (page: Page) => page.getByTestId("save-status").getAttribute("data-state");
async function studioPage(who: SignedIn): Promise<TStudioPage> {
  const res = await who.context.request.get(e2e.url(`/api/admin/pages/${ALIAS}`));
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as TStudioPage;
}

describe("a course from the studio to a learner", () => {
  let creator: SignedIn;

  it("a creator makes the course and its three elements", async () => {
    creator = await e2e.signIn("mp-admin", { viewport: { width: 1600, height: 1000 } });
    const page = await e2e.open("/en/studio/", { page: creator.page });
    await page.getByTestId("new-course-id").fill(COURSE);
    await page.getByTestId("new-course-name").fill("Yürüyüş kursu");
    await page.getByTestId("new-course-name").press("Enter");
    await page.waitForURL(`**/en/studio/courses/${COURSE}`, SLOW);
    await page.getByTestId("course-settings").waitFor(SLOW);
    await page.getByRole("group", { name: "Title", exact: true }).first().getByLabel("English").fill("Walk course");
    await page.getByRole("checkbox", { name: "Published", exact: true }).check();
    await page.getByTestId("course-save").click();
    await expect.poll(() => page.getByTestId("course-save-state").getAttribute("data-state"), SLOW).toBe("saved");
    for (const [type, title] of [
      ["lesson", "İlk ders"],
      ["test", "Kısa test"],
      ["webinar", "Canlı buluşma"],
    ]) {
      const before = await page.getByTestId("studio-element").count();
      await page.getByTestId("add-element-type").selectOption(type!);
      await page.getByTestId("add-element-title").fill(title!);
      await page.getByTestId("add-element-submit").click();
      await expect.poll(() => page.getByTestId("studio-element").count(), SLOW).toBe(before + 1);
    }
    // The first lesson's settings: an English title and its discussion on.
    const first = page.getByTestId("studio-element").first();
    await first.getByTestId("element-more").click();
    await first.getByRole("group", { name: "Title", exact: true }).getByLabel("English").fill("First lesson");
    await first.getByRole("spinbutton", { name: "Duration (minutes)" }).fill("12");
    await first.getByTestId("element-save").click();
    await expect.poll(() => first.getByTestId("element-save-state").getAttribute("data-state"), SLOW).toBe("saved");
    await shot(page, "course-en");
    await e2e.axeCheck(page, "studio course en");
  });

  it("builds the landing page from six block kinds in two languages, previews it in ar and publishes it", async () => {
    const page = creator.page;
    await page.getByTestId("studio-landing-page").click();
    await page.waitForURL(`**/en/studio/pages/${ALIAS}`, SLOW);
    await page.getByTestId("designer-blocks").waitFor(SLOW);
    for (const [i, kind] of KINDS.entries()) {
      await page.getByTestId("designer-add-block").click();
      await page.getByTestId("block-catalogue").waitFor();
      await page.locator(`[data-entry="${kind}"]`).click();
      await expect.poll(() => page.getByTestId("designer-block").count()).toBe(i + 1);
    }
    // The quote in Turkish (the primary language) and in English, side by side.
    await page.locator('[data-testid="designer-block"][data-block-type="quote"] [data-testid="block-select"]').click();
    await page.locator('[data-testid="props-column"][data-lang="tr"]').getByLabel("Text").first().fill("Öğrenmek zihni asla yormaz.");
    // A new block is in the primary language only: English is marked missing until it is translated.
    await page.getByTestId("designer-second-lang").selectOption("en");
    const english = page.locator('[data-testid="props-column"][data-lang="en"]');
    await english.getByTestId("props-missing").waitFor();
    await english.getByTestId("props-copy-primary").click();
    await english.getByLabel("Text").first().fill("Learning never tires the mind.");
    // The page exists in the languages it has a title in: Arabic too, its blocks read in Turkish there.
    await page.getByTestId("designer-tab-settings").click();
    await page.getByTestId("settings-lang-ar").click();
    await page.getByTestId("settings-title").fill("دورة المشي");
    // The course decides who reads its landing page: the page has no published switch of its own (issue 28).
    expect(await page.getByTestId("settings-published").count()).toBe(0);
    await expect.poll(() => saveState(page), SLOW).toBe("saved");
    const draft = await studioPage(creator);
    expect(draft.document.blocks.map((b) => b.type)).toEqual(KINDS);
    expect(draft.document.blocks[1]!.props).toEqual({
      tr: expect.objectContaining({ text: "Öğrenmek zihni asla yormaz." }),
      en: expect.objectContaining({ text: "Learning never tires the mind." }),
    });
    expect(Object.keys(draft.document.blocks[0]!.props)).toEqual(["tr"]);
    await e2e.axeCheck(page, "designer en");

    // The preview: the same renderer, right to left in Arabic (the quote falls back to Turkish there).
    await page.getByTestId("preview-lang").selectOption("ar");
    const frame = page.frameLocator('[data-testid="preview-frame"]');
    await expect.poll(() => frame.locator("html").getAttribute("dir"), SLOW).toBe("rtl");
    await expect.poll(() => frame.locator('[data-testid="page-preview"] [data-block]').count(), SLOW).toBe(KINDS.length);
    await expect.poll(() => frame.locator("body").textContent(), SLOW).toContain("Öğrenmek zihni asla yormaz.");
    await page.getByTestId("preview-phone").click();
    await shot(page, "designer-preview-ar-phone");

    await page.getByTestId("designer-publish").click();
    await expect.poll(async () => (await studioPage(creator)).version, SLOW).toBe(1);
    expect((await studioPage(creator)).revision).toBe(0);

    const ar = await e2e.open(`/ar/studio/pages/${ALIAS}`, { page });
    await ar.getByTestId("designer-blocks").waitFor(SLOW);
    expect(await ar.locator("html").getAttribute("dir")).toBe("rtl");
    await shot(ar, "designer-ar");
    await e2e.axeCheck(ar, "designer ar");
  });

  it("a learner finds the course in the catalogue, sees its landing page and finishes the first lesson", async () => {
    const learner = await e2e.signIn("disciple");
    const page = await e2e.open("/en/courses/", { page: learner.page });
    await page
      .getByRole("link", { name: /Walk course/ })
      .first()
      .click();
    await page.waitForURL(`**/en/courses/${COURSE}`, SLOW);
    await page.getByTestId("course-page").waitFor(SLOW);
    expect(await page.locator("main").textContent()).toContain("Learning never tires the mind.");
    await shot(page, "course-public-en");
    await page.locator(`a[href*="/courses/${COURSE}/lesson/"]`).first().click();
    await page.getByTestId("element-page").waitFor(SLOW);
    expect(await page.locator("h1").first().textContent()).toContain("First lesson");
    await page.getByTestId("element-finish").click();
    await page.waitForURL((u) => u.pathname.includes(`/courses/${COURSE}/test/`), SLOW);

    const ar = await e2e.open(`/ar/courses/${COURSE}`, { page });
    await ar.getByTestId("course-page").waitFor(SLOW);
    expect(await ar.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await ar.locator("main").textContent()).toContain("Öğrenmek zihni asla yormaz.");
    await shot(ar, "course-public-ar");
  });
});
