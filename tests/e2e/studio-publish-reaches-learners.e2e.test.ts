/**
 * Issue 28, problem 1 in Chromium: an author working with the studio in English or Arabic makes a
 * course and a lesson, adds a Text block to the lesson's page in the portal's primary language (tr),
 * presses Publish, then marks the course published. A signed-out visitor then finds the course and
 * reads the lesson's text in the author's language, which the page has no title in: the primary
 * language's content is the fallback. Axe on the studio and on the guest's lesson.
 * Screenshots go to /work/shots/s15/h1/ (MENTORA_SHOTS overrides).
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useE2E } from "./fixtures";

const e2e = useE2E();
const SHOTS = process.env.MENTORA_SHOTS ?? "/work/shots/s15/h1";
const SLOW = { timeout: 20_000 };

type Pack = Record<string, unknown>;
const pack = (lang: string, pkg: string): Pack => JSON.parse(readFileSync(path.join(process.cwd(), "locales", lang, `${pkg}.json`), "utf8")) as Pack;
/** A string of a language pack by its dotted key, so the test reads the screens as their users do. */
function say(lang: string, pkg: string, key: string, values: Record<string, string> = {}): string {
  const found = key.split(".").reduce<unknown>((o, k) => (o as Pack | undefined)?.[k], pack(lang, pkg));
  if (typeof found !== "string") throw new Error(`No ${pkg}:${key} in ${lang}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe.each(["en", "ar"])("a lesson published in the studio (%s) reaches a signed-out learner", (lang) => {
  const course = `publish-walk-${lang}`;
  const heading = lang === "ar" ? "Yayın başlığı ar" : "Yayın başlığı en";
  const body = lang === "ar" ? "Yazarın yayımladığı metin ar" : "Yazarın yayımladığı metin en";

  it("the author makes the course and its lesson, writes a Text block, publishes it and the course", async () => {
    const author = await e2e.signIn("mp-admin", { lang, viewport: { width: 1600, height: 1000 } });
    const page = await e2e.open(`/${lang}/studio/`, { page: author.page });
    await page.getByTestId("new-course-id").fill(course);
    await page.getByTestId("new-course-name").fill(`Yayın kursu ${lang}`);
    await page.getByTestId("new-course-name").press("Enter");
    await page.waitForURL(`**/${lang}/studio/courses/${course}`, SLOW);
    await page.getByTestId("course-settings").waitFor(SLOW);

    await page.getByTestId("add-element-type").selectOption("lesson");
    await page.getByTestId("add-element-title").fill("Yayın dersi");
    await page.getByTestId("add-element-submit").click();
    await page.getByTestId("studio-element").first().waitFor(SLOW);

    // The lesson's blocks in the page designer: one Text block, title and content in Turkish (primary).
    await page.getByTestId("studio-element").first().getByTestId("element-blocks").click();
    await page.waitForURL(`**/${lang}/studio/pages/**`, SLOW);
    await page.getByTestId("designer-blocks").waitFor(SLOW);
    await page.getByTestId("designer-add-block").click();
    await page.getByTestId("block-catalogue").waitFor();
    await page.locator('[data-entry="text"]').click();
    await expect.poll(() => page.getByTestId("designer-block").count()).toBe(1);
    const tr = page.locator('[data-testid="props-column"][data-lang="tr"]');
    await tr.getByLabel(say(lang, "studio", "fields.title"), { exact: true }).fill(heading);
    const editor = tr.locator('[data-testid="rich-text"] [contenteditable="true"]');
    await editor.click();
    await page.keyboard.press("Control+a");
    await page.keyboard.type(body);
    await expect.poll(() => editor.textContent()).toContain(body);
    await expect.poll(() => page.getByTestId("save-status").getAttribute("data-state"), SLOW).toBe("saved");
    await page.getByTestId("designer-publish").click();
    await page.getByText(say(lang, "studio", "designer.published", { version: "1" })).waitFor(SLOW);
    await e2e.axeCheck(page, `designer ${lang}, published`);
    // A lesson's page is read whenever the lesson may be: its settings have no switch of their own.
    await page.getByTestId("designer-tab-settings").click();
    await page.getByTestId("designer-settings").waitFor();
    expect(await page.getByTestId("settings-published").count()).toBe(0);

    // The course published, as the author does last.
    await e2e.open(`/${lang}/studio/courses/${course}`, { page });
    await page.getByTestId("course-settings").waitFor(SLOW);
    await page.getByRole("checkbox", { name: say(lang, "studio", "fields.published"), exact: true }).check();
    await page.getByTestId("course-save").click();
    await expect.poll(() => page.getByTestId("course-save-state").getAttribute("data-state"), SLOW).toBe("saved");
  });

  it("a signed-out visitor finds the course and reads the lesson's text, right to left in ar", async () => {
    const guest = await e2e.open(`/${lang}/courses/${course}`, { lang });
    await guest.getByTestId("course-page").waitFor(SLOW);
    await guest.locator(`a[href*="/courses/${course}/lesson/"]`).first().click();
    await guest.getByTestId("element-page").waitFor(SLOW);
    // The loader over the lesson fades out (~1.5 s) before the screenshot.
    await guest.getByTestId("element-preloader").waitFor({ state: "detached", ...SLOW });
    await shot(guest, `guest-lesson-${lang}`);
    expect(await guest.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    const lesson = guest.getByTestId("element-page");
    expect(await lesson.textContent()).not.toContain(say(lang, "learn", "element.empty"));
    expect(await lesson.textContent()).toContain(body);
    expect(await lesson.textContent()).toContain(heading);
    await e2e.axeCheck(guest, `guest lesson ${lang}`);

    // A reload reads the same (the page cache serves what was published).
    await guest.reload();
    await guest.getByTestId("element-page").waitFor(SLOW);
    expect(await guest.getByTestId("element-page").textContent()).toContain(body);
  });
});
