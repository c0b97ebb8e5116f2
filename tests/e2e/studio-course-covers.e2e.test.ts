/**
 * A course's cover per language (issue 15, decision 0062), in Chromium: the demo creator uploads an
 * Arabic cover through the ar slot of the course settings' "Cover per language" (the same picker the
 * default cover uses), the other languages say they use the default cover, and after saving the ar
 * catalogue and course page show the Arabic cover while the en ones keep the default. The form passes
 * axe in en and ar and is worked with the keyboard alone.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import type { TStudioCourse } from "../../src/domain/studio";
import { DEMO_CREATOR } from "../../src/server/db/seed/demo-creator";
import { DEMO_MENTOR_PASSWORD } from "../../src/server/db/seed/demo-mentors";
import { type SignedIn, useE2E } from "./fixtures";

const mediaDir = mkdtempSync(path.join(tmpdir(), "mentora-course-covers-e2e-"));
const e2e = useE2E(() => ({ MEDIA_DIR: mediaDir }));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));
const SLOW = { timeout: 30_000 };
const MEDIA_URL = /^\/media\/[0-9a-f]{64}\.png$/;
const SHOTS = process.env.MENTORA_SHOTS ?? "/work/shots/s14/h15covers";

async function shot(page: Page, name: string, target?: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  if (target) await target.screenshot({ path: `${SHOTS}/${name}.png` });
  else await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

async function demoCreator(): Promise<SignedIn> {
  const { page, context } = await e2e.newPage({ lang: "en", consent: true, viewport: { width: 1600, height: 1000 } });
  const res = await context.request.post(e2e.url("/api/auth/login"), {
    data: { email: DEMO_CREATOR.email, password: DEMO_MENTOR_PASSWORD },
    headers: { origin: e2e.baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { page, context, userId: "", email: DEMO_CREATOR.email, password: DEMO_MENTOR_PASSWORD };
}

const coversField = (page: Page) => page.locator('[data-testid="course-settings"] [data-testid="localized-media-covers"]');
const slot = (page: Page, lang: string) => coversField(page).locator(`[data-lang="${lang}"]`);

describe("a course's cover per language", () => {
  let creator: SignedIn;
  let course: TStudioCourse;
  let arCover = "";

  it("uploads an ar cover in the ar slot; the other languages use the default cover; saved, it reaches the studio's API", async () => {
    creator = await demoCreator();
    const list = (await (await creator.context.request.get(e2e.url("/api/admin/courses"))).json()) as { courses: TStudioCourse[] };
    course = list.courses.find((c) => c.published && !c.hidden && c.cover)!;
    expect(course).toBeDefined();
    expect(course.covers).toEqual({});
    const page = await e2e.open(`/en/studio/courses/${course.id}`, { page: creator.page });
    await coversField(page).waitFor(SLOW);
    // Every portal language has a slot, each an image field saying it uses the default cover.
    expect(
      await coversField(page)
        .locator("[data-lang]")
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-lang"))),
    ).toEqual(["tr", "en", "ar", "ru"]);
    expect(await coversField(page).locator('[data-uses-default="true"]').count()).toBe(4);
    expect(await slot(page, "en").textContent()).toContain("Uses the default cover");
    expect(await slot(page, "ar").getByTestId("media-url-field").getAttribute("data-media-kind")).toBe("image");

    // Each slot's button is named in a sentence with the field and the language (issue 28 §8), not "… a file for “Arabic”".
    expect(await page.getByRole("button", { name: "Choose or upload the cover for Arabic", exact: true }).count()).toBe(1);
    await slot(page, "ar").getByTestId("media-url-choose").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("media-picker").waitFor(SLOW);
    // A picture unlike the demo covers, with random bytes so every run uploads a new file.
    const art = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><rect width="800" height="450" fill="#0f766e"/><circle cx="400" cy="225" r="150" fill="#fbbf24"/><rect x="${randomBytes(1)[0]}" y="20" width="6" height="6" fill="#fff"/></svg>`;
    const photo = await sharp(Buffer.from(art)).png().toBuffer();
    await dialog.getByTestId("media-file").setInputFiles({ name: "cover-ar.png", mimeType: "image/png", buffer: photo });
    await dialog.waitFor({ state: "detached", ...SLOW });
    arCover = await slot(page, "ar").getByRole("textbox").inputValue();
    expect(arCover).toMatch(MEDIA_URL);
    expect(await slot(page, "ar").getAttribute("data-uses-default")).toBeNull();
    expect(await slot(page, "en").getAttribute("data-uses-default")).toBe("true");
    await page.getByTestId("course-save").click();
    await expect.poll(() => page.getByTestId("course-save-state").getAttribute("data-state"), SLOW).toBe("saved");

    const after = (await (await creator.context.request.get(e2e.url("/api/admin/courses"))).json()) as { courses: TStudioCourse[] };
    expect(after.courses.find((c) => c.id === course.id)).toMatchObject({ cover: course.cover, covers: { ar: arCover } });
    await e2e.axeCheck(page, "course covers form en");
    await coversField(page).scrollIntoViewIfNeeded();
    await shot(page, "studio-covers-en", coversField(page));
  });

  it("shows the ar cover on the ar catalogue and course page, and the default one in en", async () => {
    const arList = await e2e.open("/ar/courses");
    const arCard = arList.locator(`main img[src="${arCover}"]`);
    await arCard.first().waitFor(SLOW);
    expect(await arList.locator(`main img[src="${course.cover}"]`).count()).toBe(0);
    await e2e.axeCheck(arList, "catalogue ar with an ar cover");
    await arCard.first().scrollIntoViewIfNeeded();
    await shot(arList, "catalogue-ar");

    const arPage = await e2e.open(`/ar/courses/${course.id}`);
    await arPage.locator(`main img[src="${arCover}"]`).first().waitFor(SLOW);
    expect(await arPage.locator('meta[property="og:image"]').getAttribute("content")).toContain(arCover);
    await shot(arPage, "course-page-ar");

    const enList = await e2e.open("/en/courses");
    await enList.locator(`main img[src="${course.cover}"]`).first().waitFor(SLOW);
    expect(await enList.locator(`main img[src="${arCover}"]`).count()).toBe(0);
    const enPage = await e2e.open(`/en/courses/${course.id}`);
    await enPage.locator(`main img[src="${course.cover}"]`).first().waitFor(SLOW);
    expect(await enPage.locator(`main img[src="${arCover}"]`).count()).toBe(0);
    await e2e.axeCheck(enPage, "course page en with the default cover");
  });

  it("is worked with the keyboard alone in ar: clear the ar cover, type it back, save", async () => {
    const page = await e2e.open(`/ar/studio/courses/${course.id}`, { page: creator.page });
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    const ar = slot(page, "ar");
    await ar.waitFor(SLOW);
    await ar.getByRole("textbox").focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("media-url-choose");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("اختر غلاف اللغة العربية أو ارفعه");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("media-url-clear");
    await page.keyboard.press("Enter");
    // Cleared: the keyboard is back in the address, and the language says it uses the default cover.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("inputmode"))).toBe("url");
    expect(await ar.getAttribute("data-uses-default")).toBe("true");
    await page.keyboard.type(arCover);
    expect(await ar.getAttribute("data-uses-default")).toBeNull();
    await e2e.axeCheck(page, "course covers form ar");
    await ar.scrollIntoViewIfNeeded();
    await shot(page, "studio-covers-ar", coversField(page));
    // Nothing changed in the end: saving says so.
    await page.getByTestId("course-save").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("course-save-state").getAttribute("data-state"), SLOW).toBe("nothing");
  });

  it("clears the ar cover in the form and the ar course page goes back to the default cover", async () => {
    const page = await e2e.open(`/en/studio/courses/${course.id}`, { page: creator.page });
    const ar = slot(page, "ar");
    await ar.waitFor(SLOW);
    await ar.getByTestId("media-url-clear").click();
    await page.getByTestId("course-save").click();
    await expect.poll(() => page.getByTestId("course-save-state").getAttribute("data-state"), SLOW).toBe("saved");
    const after = (await (await creator.context.request.get(e2e.url("/api/admin/courses"))).json()) as { courses: TStudioCourse[] };
    expect(after.courses.find((c) => c.id === course.id)?.covers).toEqual({});
    const arPage = await e2e.open(`/ar/courses/${course.id}`);
    await arPage.locator(`main img[src="${course.cover}"]`).first().waitFor(SLOW);
    expect(await arPage.locator(`main img[src="${arCover}"]`).count()).toBe(0);
  });
});
