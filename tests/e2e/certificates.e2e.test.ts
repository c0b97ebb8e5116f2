/**
 * Certificates in Chromium (issue 13, docs/decisions/0037): the public verification page in en and
 * ar passes axe and checks a downloaded Open Badge; a stranger sees it without downloads; an unknown
 * number is a 404 page. Earning the certificate in the browser, downloading its PDF from the profile
 * and reading the name on it (a Latin and an Arabic name) is certificate-walk.e2e.test.ts; here the
 * learner finishes the course through the progress API. A learner who finished a course before its
 * certificate was switched on clicks "Get your certificate" on the course page and follows the link to
 * it (en and ar, axe). Screenshots go to /work/shots/cert/.
 */
import { mkdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { courses } from "../../src/server/db/schema/courses";
import { upsertCourse, upsertElement } from "../../src/server/db/seed/course-factories";
import { changeContent } from "../../src/server/platform/content-version";
import { passedAttempt } from "../support/assessments";
import { download } from "./certificate-steps";
import { type SignedIn, useE2E, waitForHydrated } from "./fixtures";

const e2e = useE2E();
const SHOTS = "/work/shots/cert";
const READING_IDS = ["rf-slow-reading", "rf-main-idea", "rf-check-main-idea", "rf-reading-circle", "rf-between-lines", "rf-final-check"];
const TITLE = { en: "Foundations of Reading", ar: "أساسيات القراءة" } as const;

let learner: SignedIn;
let number = "";

/** The course's tests are taken in the browser elsewhere (certificate-walk e2e): here their passed attempts are written directly. */
const READING_TESTS = new Set(["rf-check-main-idea", "rf-final-check"]);

async function finishCourse(context: BrowserContext, userId: string) {
  for (const id of READING_IDS) {
    if (READING_TESTS.has(id)) await passedAttempt(e2e.database.db, userId, id, "reading-foundations");
    const res = await context.request.post(e2e.url(`/api/progress/elements/${id}/finish`), { headers: { origin: e2e.baseURL } });
    expect(res.status(), await res.text()).toBe(200);
  }
}

describe("certificates", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    learner = await e2e.signIn("disciple", { firstName: "Ayşe", lastName: "Yılmaz" });
    await finishCourse(learner.context, learner.userId);
    const page = await e2e.open("/en/profile", { page: learner.page });
    number = (await page.getByTestId("my-certificate").getAttribute("data-number"))!;
    expect(number).toMatch(/^MNT-[2-9A-HJ-NP-Z]{16}$/);
  });

  it.each(["en", "ar"] as const)("%s: the verification page says genuine, passes axe, and checks a downloaded Open Badge", async (lang) => {
    const page = await e2e.open(`/${lang}/certificates/${number}`, { page: learner.page });
    await expect.poll(() => page.getByTestId("certificate").getAttribute("data-status")).toBe("valid");
    expect(await page.getByTestId("certificate-course").textContent()).toBe(TITLE[lang]);
    expect(await page.getByTestId("certificate-linkedin").getAttribute("href")).toMatch(/^https:\/\/www\.linkedin\.com\/profile\/add\?/);
    await e2e.axeCheck(page, `certificate ${lang}`);
    await page.screenshot({ path: `${SHOTS}/verify-${lang}.png`, fullPage: true });

    const credential = (await download(page, "certificate-credential")).toString();
    await page.getByTestId("credential-input").fill(credential);
    await page.getByTestId("credential-submit").click();
    await expect.poll(() => page.getByTestId("credential-verdict").getAttribute("data-genuine")).toBe("true");
    await page.getByTestId("credential-input").fill(`${credential.slice(0, -4)}AAAA`);
    await page.getByTestId("credential-submit").click();
    await expect.poll(() => page.getByTestId("credential-verdict").getAttribute("data-genuine")).toBe("false");
    await e2e.axeCheck(page, `certificate ${lang} with a verdict`);
  });

  it.each(["en", "ar"] as const)("%s: a stranger sees the page without downloads; an unknown number is a 404 page", async (lang) => {
    const page = await e2e.open(`/${lang}/certificates/${number}`);
    await page.getByTestId("certificate").waitFor();
    expect(await page.getByTestId("certificate-files").count()).toBe(0);
    const missing = await e2e.open(`/${lang}/certificates/MNT-2222222222222222`, { status: 404 });
    await missing.getByTestId("certificate-not-found").waitFor();
    await e2e.axeCheck(missing, `certificate not found ${lang}`);
    await missing.screenshot({ path: `${SHOTS}/not-found-${lang}.png` });
  });
});

describe.each([
  { lang: "en", request: "Get your certificate", open: "Open your certificate", title: "Late certificate" },
  { lang: "ar", request: "احصل على شهادتك", open: "افتح شهادتك", title: "شهادة متأخرة" },
] as const)("a certificate switched on after the finish ($lang)", ({ lang, request, open, title }) => {
  it("the course page offers it; the click issues it and links to its page", async () => {
    const db = e2e.database.db;
    const c = await upsertCourse(db, {
      portalId: e2e.config.PORTAL_ID,
      title: { en: "Late certificate", ar: "شهادة متأخرة" },
      buttonText: { en: "Start learning", ar: "ابدأ التعلم" },
    });
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push((await upsertElement(db, { courseId: c.id, type: "lesson", title: { en: `L${i}` }, index: i, visible: true })).id);
    const who = await e2e.signIn("disciple", { lang, firstName: "Leyla", lastName: "Kaya" });
    for (const id of ids) {
      const res = await who.context.request.post(e2e.url(`/api/progress/elements/${id}/finish`), { headers: { origin: e2e.baseURL } });
      expect(res.status(), await res.text()).toBe(200);
    }
    await changeContent(db, async (tx) => {
      await tx.update(courses).set({ certificateEnabled: true }).where(eq(courses.id, c.id));
    });

    const page = await e2e.open(`/${lang}/courses/${c.id}`, { page: who.page });
    const box = page.getByTestId("course-certificate");
    await box.waitFor();
    expect(await box.getAttribute("data-status")).toBe("available");
    expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    // The button works only once the page is hydrated.
    await waitForHydrated(box);
    await e2e.axeCheck(page, `course certificate offered ${lang}`);
    await page.screenshot({ path: `${SHOTS}/course-offer-${lang}.png`, fullPage: true });

    await page.getByRole("button", { name: request }).click();
    const link = page.getByRole("link", { name: open });
    await link.waitFor();
    expect(await box.getAttribute("data-status")).toBe("issued");
    expect(await page.getByTestId("course-certificate-request").count()).toBe(0);
    // The keyboard lands on the new link.
    await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
    await e2e.axeCheck(page, `course certificate issued ${lang}`);
    await page.screenshot({ path: `${SHOTS}/course-issued-${lang}.png`, fullPage: true });

    await link.click();
    await page.waitForURL((u) => /^\/[a-z]{2}\/certificates\/MNT-[2-9A-HJ-NP-Z]{16}$/.test(u.pathname) && u.pathname.startsWith(`/${lang}/`));
    await expect.poll(() => page.getByTestId("certificate").getAttribute("data-status")).toBe("valid");
    expect(await page.getByTestId("certificate-course").textContent()).toBe(title);
  });
});
