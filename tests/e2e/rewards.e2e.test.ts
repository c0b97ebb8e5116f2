/**
 * Awards and completion gifts in Chromium (docs/decisions/0038): a learner finishes the last element of
 * a course, the award-popup opens on the course page, the profile lists the award and offers the
 * course's gift, which is received once and then links to its file; in English and in Arabic (rtl), with
 * axe on the popup and the profile.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { changeContent } from "../../src/server/platform/content-version";
import { upsertCourse, upsertElement } from "../../src/server/db/seed/course-factories";
import { courseGifts } from "../../src/server/db/schema/rewards";
import { useE2E, waitForHydration } from "./fixtures";

const e2e = useE2E();
const SHOTS = "/work/shots/rewards";

async function courseWithGift() {
  const db = e2e.database.db;
  const c = await upsertCourse(db, { portalId: e2e.config.PORTAL_ID, title: { en: "Two short steps", ar: "خطوتان قصيرتان" } });
  const first = await upsertElement(db, { courseId: c.id, type: "lesson", title: { en: "Step one", ar: "الخطوة الأولى" }, index: 0, visible: true });
  const last = await upsertElement(db, { courseId: c.id, type: "lesson", title: { en: "Step two", ar: "الخطوة الثانية" }, index: 1, visible: true });
  await changeContent(db, async (tx) => {
    await tx.insert(courseGifts).values({
      courseId: c.id,
      gift: { kind: "file", url: "/demo/gifts/reading-checklist.pdf", title: { en: "Reading checklist (PDF)", ar: "قائمة مراجعة القراءة (PDF)" } },
    });
  });
  return { id: c.id, first: first.id, last: last.id };
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe.each([
  { lang: "en", award: "Finisher", receive: "Receive my gift", toProfile: "Receive my gift in the profile", download: "Download" },
  { lang: "ar", award: "المُتمّ", receive: "استلم هديتي", toProfile: "استلم هديتي في الملف الشخصي", download: "تنزيل" },
])("rewards in the browser ($lang)", ({ lang, award, receive, toProfile, download }) => {
  it("finishing the course opens the award-popup; the profile lists the award and gives the gift once", async () => {
    const c = await courseWithGift();
    const { page } = await e2e.signIn("disciple", { lang });
    const base = `/${lang}/courses/${c.id}`;
    await e2e.open(`${base}/lesson/${c.first}`, { page });
    await page.getByTestId("element-finish").click();
    await page.waitForURL((u) => u.pathname === `${base}/lesson/${c.last}`);
    await page.locator(`[data-testid="element-page"][data-element="${c.last}"]`).waitFor();
    await page.getByTestId("element-finish").click();
    await page.waitForURL((u) => u.pathname === base);

    const popup = page.getByTestId("award-popup");
    await popup.waitFor();
    expect(await popup.textContent()).toContain(award);
    // A notice in the page (issue 28), not a dialog over it.
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    await e2e.axeCheck(page, `award popup ${lang}`);
    await shot(page, `award-popup-${lang}`);

    await page.getByRole("link", { name: toProfile }).click();
    await page.waitForURL((u) => u.pathname === `/${lang}/profile`);
    const awards = page.getByTestId("profile-awards");
    await awards.waitFor();
    expect(await awards.textContent()).toContain(award);
    await page.getByRole("button", { name: receive }).click();
    const link = page.getByTestId("gift-link");
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe("/demo/gifts/reading-checklist.pdf");
    expect(await link.textContent()).toContain(download);
    expect(await page.getByTestId("gift-receive").count()).toBe(0);
    await e2e.axeCheck(page, `profile rewards ${lang}`);
    await shot(page, `profile-${lang}`);

    // The file is there, and a reload neither reopens the popup nor offers the gift again.
    const file = await page.request.get(e2e.url("/demo/gifts/reading-checklist.pdf"));
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await e2e.open(base, { page });
    expect(await page.getByTestId("award-popup").count()).toBe(0);
    await e2e.open(`/${lang}/profile`, { page });
    expect(await page.getByTestId("gift-receive").count()).toBe(0);
    expect(await page.getByTestId("gift-link").count()).toBe(1);
  });

  it("a reload while the award-popup is open hydrates the page as the server sent it, then opens the popup again", async () => {
    const c = await courseWithGift();
    const { page } = await e2e.signIn("disciple", { lang });
    const base = `/${lang}/courses/${c.id}`;
    await e2e.open(`${base}/lesson/${c.first}`, { page });
    await page.getByTestId("element-finish").click();
    await page.locator(`[data-testid="element-page"][data-element="${c.last}"]`).waitFor();
    await page.getByTestId("element-finish").click();
    await page.waitForURL((u) => u.pathname === base);
    await page.getByTestId("award-popup").waitFor();

    // The history entry keeps the award across the reload; the server's HTML has no popup. Reading the
    // entry while hydrating gave React's error #418 (the fixture fails the test on it).
    await page.reload();
    await waitForHydration(page);
    const popup = page.getByTestId("award-popup");
    await popup.waitFor();
    expect(await popup.textContent()).toContain(award);
    expect(e2e.pageErrors()).toEqual([]);
  });
});
