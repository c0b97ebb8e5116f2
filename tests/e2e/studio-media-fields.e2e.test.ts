/**
 * Media fields in the studio's generated forms (issue 15, decision 0052), in Chromium: the demo creator
 * uploads an image through a course's cover field (the picker dialog's upload, with its progress bar),
 * saves, and the public course page shows that `/media/...` image; then picks the same image from the
 * library for a photo block of the course's landing page. The picker dialog keeps the keyboard inside,
 * gives it back to its button on close, and passes axe right to left in `ar`. An episode's start is
 * edited with the browser's date-time control in the creator's time zone (New York here) and saved as
 * the UTC instant.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import type { TStudioCourse } from "../../src/domain/studio";
import type { TStudioPage } from "../../src/domain/studio-pages";
import type { TStudioVideoEvent } from "../../src/domain/studio-video-events";
import { isoToLocalInput } from "../../src/domain/local-date-time";
import { DEMO_CREATOR } from "../../src/server/db/seed/demo-creator";
import { DEMO_MENTOR_PASSWORD } from "../../src/server/db/seed/demo-mentors";
import { type SignedIn, useE2E } from "./fixtures";

const mediaDir = mkdtempSync(path.join(tmpdir(), "mentora-media-fields-e2e-"));
const e2e = useE2E(() => ({ MEDIA_DIR: mediaDir }));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));
const SLOW = { timeout: 30_000 };
const MEDIA_URL = /^\/media\/[0-9a-f]{64}\.png$/;
const SHOTS = process.env.MENTORA_SHOTS ?? "/work/shots/h15media";

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The demo creator (README "Demo accounts"), signed in through the API in a fresh context. */
async function demoCreator(timezoneId?: string): Promise<SignedIn> {
  const { page, context } = await e2e.newPage({ lang: "en", consent: true, viewport: { width: 1600, height: 1000 }, timezoneId });
  const res = await context.request.post(e2e.url("/api/auth/login"), {
    data: { email: DEMO_CREATOR.email, password: DEMO_MENTOR_PASSWORD },
    headers: { origin: e2e.baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { page, context, userId: "", email: DEMO_CREATOR.email, password: DEMO_MENTOR_PASSWORD };
}

// The course settings hold two file fields once the course has a file gift: the cover is the image one,
// before the covers per language (decision 0062), which are image fields too.
const coverField = (page: Page) => page.locator('[data-testid="course-settings"] [data-testid="media-url-field"][data-media-kind="image"]').first();

describe("media fields in the studio", () => {
  let creator: SignedIn;
  let course: TStudioCourse;
  let uploaded = "";

  it("uploads a course's cover through its field's picker, saves it, and the public course page shows it", async () => {
    creator = await demoCreator();
    const list = (await (await creator.context.request.get(e2e.url("/api/admin/courses"))).json()) as { courses: TStudioCourse[] };
    course = list.courses.find((c) => c.published && !c.hidden)!;
    expect(course).toBeDefined();
    const page = await e2e.open(`/en/studio/courses/${course.id}`, { page: creator.page });
    const field = coverField(page);
    await field.waitFor(SLOW);
    expect(await field.getAttribute("data-media-kind")).toBe("image");
    const choose = field.getByTestId("media-url-choose");
    await choose.click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("media-picker").waitFor(SLOW);
    // Only images are offered: the file chooser takes the image types, the kind filter is fixed.
    expect(await dialog.getByTestId("media-file").getAttribute("accept")).toContain("image/png");
    expect(await dialog.getByTestId("media-kind").count()).toBe(0);
    const photo = await sharp(randomBytes(900 * 600 * 3), { raw: { width: 900, height: 600, channels: 3 } })
      .png()
      .toBuffer();
    await dialog.getByTestId("media-file").setInputFiles({ name: "course-cover.png", mimeType: "image/png", buffer: photo });
    // The upload is chosen at once: the dialog closes, the field holds the file's address and shows it.
    await dialog.waitFor({ state: "detached", ...SLOW });
    uploaded = await field.getByRole("textbox").inputValue();
    expect(uploaded).toMatch(MEDIA_URL);
    expect(await field.getByTestId("media-url-preview").getAttribute("src")).toBe(uploaded);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("media-url-choose");
    await page.getByTestId("course-save").click();
    await expect.poll(() => page.getByTestId("course-save-state").getAttribute("data-state"), SLOW).toBe("saved");

    const visitor = await e2e.open(`/en/courses/${course.id}`);
    const cover = visitor.locator(`main img[src="${uploaded}"]`);
    await cover.waitFor(SLOW);
    expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(900);
  });

  it("clears the cover, and a typed address is kept as typed", async () => {
    const page = await e2e.open(`/en/studio/courses/${course.id}`, { page: creator.page });
    const field = coverField(page);
    await field.waitFor(SLOW);
    await field.getByTestId("media-url-clear").click();
    expect(await field.getByRole("textbox").inputValue()).toBe("");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("inputmode"))).toBe("url");
    await field.getByRole("textbox").fill(uploaded);
    expect(await field.getByTestId("media-url-preview").getAttribute("src")).toBe(uploaded);
  });

  it("picks the library's image for a photo block of the course's landing page", async () => {
    const page = await e2e.open(`/en/studio/courses/${course.id}`, { page: creator.page });
    await page.getByTestId("studio-landing-page").click();
    await page.waitForURL(`**/en/studio/pages/**`, SLOW);
    const alias = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    await page.getByTestId("designer-blocks").waitFor(SLOW);
    const ids = () => page.getByTestId("designer-block").evaluateAll((els) => els.map((e) => e.getAttribute("data-block-id")));
    const before = await ids();
    await page.getByTestId("designer-add-block").click();
    await page.getByTestId("block-catalogue").waitFor();
    await page.locator('[data-entry="photo"]').click();
    await expect.poll(async () => (await ids()).length).toBe(before.length + 1);
    const added = (await ids()).find((id) => !before.includes(id))!;
    await page.locator(`[data-testid="designer-block"][data-block-id="${added}"] [data-testid="block-select"]`).click();
    const field = page.locator('[data-testid="props-column"] [data-testid="media-url-field"]').first();
    await field.waitFor(SLOW);
    await field.getByTestId("media-url-choose").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("media-search").fill("course-cover");
    const tile = dialog.locator('[data-testid="media-tile"]', { hasText: "course-cover.png" });
    await tile.waitFor(SLOW);
    await tile.getByTestId("media-choose").click();
    await dialog.waitFor({ state: "detached", ...SLOW });
    expect(await field.getByRole("textbox").inputValue()).toBe(uploaded);
    await expect
      .poll(async () => {
        const res = await creator.context.request.get(e2e.url(`/api/admin/pages/${encodeURIComponent(alias)}`));
        const draft = (await res.json()) as TStudioPage;
        const block = draft.document.blocks.find((b) => b.id === added);
        return block?.type === "photo" ? Object.values(block.props).map((p) => (p as { src?: string }).src) : [];
      }, SLOW)
      .toContain(uploaded);
    // The page's share image (a hand-made settings form) has the same picker.
    await page.getByTestId("designer-tab-settings").click();
    const share = page.locator('[data-testid="designer-settings"] [data-testid="media-url-field"]');
    await share.waitFor(SLOW);
    expect(await share.getAttribute("data-media-kind")).toBe("image");
  });

  it("keeps the keyboard in the picker dialog, gives it back on Escape, and passes axe right to left in ar", async () => {
    const page = await e2e.open(`/ar/studio/courses/${course.id}`, { page: creator.page });
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    const field = coverField(page);
    await field.waitFor(SLOW);
    await field.getByTestId("media-url-choose").focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("media-tile").first().waitFor(SLOW);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await e2e.axeCheck(page, "media picker dialog ar");
    await shot(page, "picker-dialog-ar");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached", ...SLOW });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("media-url-choose");
    await field.scrollIntoViewIfNeeded();
    await shot(page, "cover-field-ar");
  });
});

describe("an episode's start in the creator's time zone", () => {
  it("shows the stored instant in New York time with the zone named, keeps it unchanged, and saves a new one as UTC", async () => {
    const creator = await demoCreator("America/New_York");
    const eventOf = async () => (await (await creator.context.request.get(e2e.url("/api/admin/video-events"))).json()) as { videoEvents: TStudioVideoEvent[] };
    const event = (await eventOf()).videoEvents.find((v) => v.episodes.length > 0)!;
    const episode = event.episodes[0]!;
    const page = await e2e.open(`/en/studio/video-events/${event.id}`, { page: creator.page });
    const row = page.locator(`[data-testid="episode"][data-id="${episode.id}"]`);
    await row.locator("button[aria-expanded]").click();
    const input = row.getByTestId("date-time-field");
    await expect.poll(() => input.isEnabled(), SLOW).toBe(true);
    expect(await input.getAttribute("type")).toBe("datetime-local");
    expect(await input.inputValue()).toBe(isoToLocalInput(episode.startDate, "America/New_York"));
    const hintId = (await input.getAttribute("aria-describedby"))!.split(" ")[0]!;
    expect(await page.locator(`[id="${hintId}"]`).textContent()).toMatch(/^Time zone: America\/New_York \(GMT-[45]\)$/);
    // Saving what was not touched changes nothing: the instant is the same.
    await row.getByTestId("episode-settings-save").click();
    await expect.poll(() => row.getByTestId("episode-settings-state").getAttribute("data-state"), SLOW).toBe("nothing");
    // 01:30 on the night clocks fall back happens twice in New York: the first one, EDT (UTC-4).
    await input.fill("2026-11-01T01:30");
    await row.getByTestId("episode-settings-save").click();
    await expect.poll(() => row.getByTestId("episode-settings-state").getAttribute("data-state"), SLOW).toBe("saved");
    const saved = (await eventOf()).videoEvents.find((v) => v.id === event.id)!.episodes.find((e) => e.id === episode.id)!;
    expect(new Date(saved.startDate).toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(await input.inputValue()).toBe("2026-11-01T01:30");
  });
});
