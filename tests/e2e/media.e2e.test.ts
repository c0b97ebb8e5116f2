/**
 * The media library in Chromium (issue 15): an author uploads a photo through the screen's file
 * input, the progress bar shows while it is sent and processed, and the new tile appears with its
 * thumbnail (a WebP variant) and the API lists it; a file with a lying name is refused with the
 * translated message. The page right to left in `ar`, axe clean in en and ar.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { TMediaPage } from "../../src/domain/media";
import { type SignedIn, useE2E } from "./fixtures";

const mediaDir = mkdtempSync(path.join(tmpdir(), "mentora-media-e2e-"));
const e2e = useE2E(() => ({ MEDIA_DIR: mediaDir }));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));
const SLOW = { timeout: 30_000 };
const SHOTS = process.env.MENTORA_SHOTS ?? "/work/shots/h15media";

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A photo that does not compress (noise), so the upload takes a moment and reports progress. */
async function noisyPng(width: number, height: number): Promise<Buffer> {
  const raw = randomBytes(width * height * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe("the media library", () => {
  let author: SignedIn;

  it("uploads an image through the screen with a progress bar; the new tile shows its thumbnail", async () => {
    author = await e2e.signIn("mp-admin");
    const page = await e2e.open("/en/studio/media", { page: author.page });
    await page.getByTestId("media-library").waitFor(SLOW);
    // Records every value the progress bar takes (it may come and go quickly on a fast machine).
    await page.evaluate(() => {
      const w = window as unknown as { progressSeen: number[] };
      w.progressSeen = [];
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid="media-progress"] progress');
        if (bar) w.progressSeen.push(Number((bar as HTMLProgressElement).value));
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const photo = await noisyPng(1400, 900);
    await page.getByTestId("media-file").setInputFiles({ name: "campus-photo.png", mimeType: "image/png", buffer: photo });
    const tile = page.locator('[data-testid="media-tile"]', { hasText: "campus-photo.png" });
    await tile.waitFor(SLOW);
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.max(...seen)).toBeGreaterThan(0);
    expect(await page.getByTestId("media-progress").count()).toBe(0);
    const src = await tile.locator("img").getAttribute("src");
    expect(src).toMatch(/^\/media\/[0-9a-f]{64}-320\.webp$/);
    expect(await tile.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    const res = await author.context.request.get(e2e.url("/api/admin/media?q=campus"));
    const listed = (await res.json()) as TMediaPage;
    expect(listed.media.map((m) => [m.name, m.width, m.height])).toEqual([["campus-photo.png", 1400, 900]]);
  });

  it("shows a lying name's refusal translated", async () => {
    const page = await e2e.open("/en/studio/media", { page: author.page });
    await page.getByTestId("media-library").waitFor(SLOW);
    await page.getByTestId("media-file").setInputFiles({ name: "song.mp3", mimeType: "audio/mpeg", buffer: await noisyPng(20, 20) });
    await expect.poll(() => page.getByRole("alert").textContent(), SLOW).toContain("does not match its content");
    await shot(page, "refused-en");
  });

  it.each(["en", "ar"])("passes axe in %s, right to left in ar", async (lang) => {
    const page = await e2e.open(`/${lang}/studio/media`, { page: author.page });
    await page.getByTestId("media-tile").first().waitFor(SLOW);
    expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    await e2e.axeCheck(page, `media library ${lang}`);
    await shot(page, `library-${lang}`);
  });
});

describe("the media library's unused filter", () => {
  it("lists unused files and deletes one from its tile", async () => {
    const author = await e2e.signIn("admin");
    const page = await e2e.open("/en/studio/media", { page: author.page });
    await page.getByTestId("media-library").waitFor(SLOW);
    await page
      .getByTestId("media-file")
      .setInputFiles({ name: "old-handout.txt", mimeType: "text/plain", buffer: Buffer.from("An old handout nobody links to.\n") });
    const tile = page.locator('[data-testid="media-tile"]', { hasText: "old-handout.txt" });
    await tile.waitFor(SLOW);
    await page.getByTestId("media-unused").check();
    await tile.waitFor(SLOW);
    await tile.getByTestId("media-delete").click();
    await tile.waitFor({ state: "detached", ...SLOW });
    await expect.poll(() => page.getByRole("status").allTextContents(), SLOW).toContain("old-handout.txt is deleted.");
    const res = await author.context.request.get(e2e.url("/api/admin/media?q=old-handout"));
    expect(((await res.json()) as TMediaPage).media).toEqual([]);
  });
});
