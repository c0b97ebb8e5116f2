/**
 * Issue 28, problem 8 in Chromium: an author writes a new course's and a new element's title in the
 * language they use the studio in, not only the portal's primary one (tr). In the en studio the title
 * starts in English; in the ar studio it starts in Arabic and the author picks English. The server
 * keeps the English title only; the settings form reads in written sentences (no "What Pricing does",
 * no "Choose or upload : Cover"), its completion gift starts at "No gift"; axe on both.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { TStudioCourse, TStudioElement } from "../../src/domain/studio";
import { useE2E } from "./fixtures";

const e2e = useE2E();
const SLOW = { timeout: 20_000 };
const GENERATED = /What .* does|Choose or upload :/;

const studioPack = (lang: string) => JSON.parse(readFileSync(join(process.cwd(), "locales", lang, "studio.json"), "utf8"));

/** What a person reads or hears in a part of the page: its text and every accessible name given by aria-label. */
const readable = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .evaluate((root) => [root.textContent ?? "", ...[...root.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label") ?? "")].join(" "));

describe.each(["en", "ar"])("an author in the %s studio", (lang) => {
  const course = `english-only-${lang}`;

  it("creates a course and an element titled in English only, in forms of written sentences", async () => {
    const author = await e2e.signIn("mp-leader", { lang, viewport: { width: 1400, height: 1000 } });
    const page = await e2e.open(`/${lang}/studio/`, { page: author.page });
    const pack = studioPack(lang);
    // The title starts in the studio's own language (a portal language); another one can be chosen.
    const titleLang = page.getByTestId("new-course-title-lang");
    expect(await titleLang.inputValue()).toBe(lang);
    if (lang !== "en") await titleLang.selectOption("en");
    expect(await page.getByTestId("new-course-name").getAttribute("lang")).toBe("en");
    expect(await readable(page, "new-course")).not.toMatch(GENERATED);
    await page.getByTestId("new-course-id").fill(course);
    await page.getByTestId("new-course-name").fill("Reading in English");
    await page.getByTestId("new-course-create").click();
    await page.waitForURL(`**/${lang}/studio/courses/${course}`, SLOW);
    await page.getByTestId("course-settings").waitFor(SLOW);
    expect(await page.getByTestId("studio-course-title").textContent()).toBe("Reading in English");
    const saved = (await (await author.context.request.get(e2e.url("/api/admin/courses"))).json()) as { courses: TStudioCourse[] };
    expect(saved.courses.find((c) => c.id === course)?.title).toEqual({ en: "Reading in English" });

    // The settings read as written: the pricing and gift choices by their own sentences, the gift at "none".
    const settings = await readable(page, "course-settings");
    expect(settings).not.toMatch(GENERATED);
    const pricing = page.getByRole("combobox", { name: pack.variants.pricing, exact: true });
    expect(await pricing.inputValue()).toBe("0");
    const gift = page.getByRole("combobox", { name: pack.variants.gift, exact: true });
    expect(await gift.locator("option:checked").textContent()).toBe(pack.variants.none.gift);
    expect(await page.getByRole("button", { name: pack.media.field.chooseFor.replace("{{label}}", pack.fields.cover), exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByText(pack.help.course.pricing).count()).toBe(1);

    // An element titled in English as well.
    const elementLang = page.getByTestId("add-element-title-lang");
    expect(await elementLang.inputValue()).toBe(lang);
    if (lang !== "en") await elementLang.selectOption("en");
    expect(await readable(page, "add-element")).not.toMatch(GENERATED);
    await page.getByTestId("add-element-type").selectOption("lesson");
    await page.getByTestId("add-element-title").fill("First steps");
    await page.getByTestId("add-element-submit").click();
    await expect.poll(() => page.getByTestId("studio-element").count(), SLOW).toBe(1);
    const elements = (await (await author.context.request.get(e2e.url(`/api/admin/courses/${course}/elements`))).json()) as { elements: TStudioElement[] };
    expect(elements.elements.map((e) => e.title)).toEqual([{ en: "First steps" }]);

    expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    await e2e.axeCheck(page, `studio course in ${lang}`);
    await e2e.open(`/${lang}/studio/`, { page });
    await e2e.axeCheck(page, `studio list in ${lang}`);
  });
});
