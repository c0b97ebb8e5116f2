/**
 * Certificates in Chromium (issue 13, docs/decisions/0037): a learner finishes the demo's free
 * sequential course (reading-foundations) through the progress API, finds the certificate in the
 * profile with its preview, downloads the PDF in English and Arabic and has pdf.js render its first
 * page to PNG in the browser (the learner's name must be on it, Arabic shaped), then the public
 * verification page in en and ar passes axe, and a downloaded Open Badge checks out as genuine on it.
 * A learner who finished a course before its certificate was switched on clicks "Get your certificate"
 * on the course page and follows the link to it (en and ar, axe). Screenshots go to /work/shots/cert/.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { courses } from "../../src/server/db/schema/courses";
import { users } from "../../src/server/db/schema/users";
import { upsertCourse, upsertElement } from "../../src/server/db/seed/course-factories";
import { changeContent } from "../../src/server/platform/content-version";
import { passedAttempt } from "../support/assessments";
import { type SignedIn, useE2E } from "./fixtures";

const e2e = useE2E();
const SHOTS = "/work/shots/cert";
const READING_IDS = ["rf-slow-reading", "rf-main-idea", "rf-check-main-idea", "rf-reading-circle", "rf-between-lines", "rf-final-check"];
const TITLE = { en: "Foundations of Reading", ar: "أساسيات القراءة" } as const;
const PDFJS = path.join(process.cwd(), "node_modules/pdfjs-dist/legacy/build");
/** A made-up origin that only this test's pages load pdf.js from (routed to node_modules, never the network). */
const PDFJS_ORIGIN = "http://pdfjs.test";

let learner: SignedIn;
let number = "";

/** The course's tests are taken elsewhere (assessments e2e): here their passed attempts are written directly. */
const READING_TESTS = new Set(["rf-check-main-idea", "rf-final-check"]);

async function finishCourse(context: BrowserContext, userId: string) {
  for (const id of READING_IDS) {
    if (READING_TESTS.has(id)) await passedAttempt(e2e.database.db, userId, id, "reading-foundations");
    const res = await context.request.post(e2e.url(`/api/progress/elements/${id}/finish`), { headers: { origin: e2e.baseURL } });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/**
 * Renders the first page of a PDF with pdf.js in a blank page of the browser: the PNG and the page's
 * text as pdf.js extracts it, and how much of the page is ink.
 */
async function renderPdf(context: BrowserContext, pdf: Buffer): Promise<{ png: Buffer; text: string; ink: number }> {
  const page = await context.newPage();
  await page.route(`${PDFJS_ORIGIN}/**`, (route) => {
    const file = path.basename(new URL(route.request().url()).pathname);
    return route.fulfill({ body: readFileSync(path.join(PDFJS, file)), contentType: "text/javascript", headers: { "access-control-allow-origin": "*" } });
  });
  await page.route(`${PDFJS_ORIGIN}/`, (route) => route.fulfill({ body: "<!doctype html><title>pdf</title><canvas></canvas>", contentType: "text/html" }));
  await page.goto(`${PDFJS_ORIGIN}/`);
  // A script string: vitest rewrites `import()` inside functions it compiles, and this one runs in the page.
  const script = `(async () => {
    const pdfjs = await import(${JSON.stringify(`${PDFJS_ORIGIN}/pdf.mjs`)});
    pdfjs.GlobalWorkerOptions.workerSrc = ${JSON.stringify(`${PDFJS_ORIGIN}/pdf.worker.mjs`)};
    const data = Uint8Array.from(atob(${JSON.stringify(pdf.toString("base64"))}), (c) => c.charCodeAt(0));
    const doc = await pdfjs.getDocument({ data }).promise;
    const p = await doc.getPage(1);
    const viewport = p.getViewport({ scale: 1.5 });
    const canvas = document.querySelector("canvas");
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    await p.render({ canvas, viewport }).promise;
    const text = (await p.getTextContent()).items.map((i) => i.str ?? "").join("\\n");
    const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    let dark = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i] < 128 && pixels[i + 1] < 128 && pixels[i + 2] < 128) dark++;
    return { png: canvas.toDataURL("image/png").split(",")[1], text, ink: dark / (pixels.length / 4) };
  })()`;
  const result = (await page.evaluate(script)) as { png: string; text: string; ink: number };
  await page.close();
  return { png: Buffer.from(result.png, "base64"), text: result.text, ink: result.ink };
}

async function download(page: Page, testId: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).first().click()]);
  return readFileSync((await file.path())!);
}

describe("certificates", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    learner = await e2e.signIn("disciple", { firstName: "Ayşe", lastName: "Yılmaz" });
    await finishCourse(learner.context, learner.userId);
  });

  it.each(["en", "ar"] as const)("%s: the profile lists the certificate with its preview; its PDF renders with the name and the course", async (lang) => {
    const page = await e2e.open(`/${lang}/profile`, { page: learner.page });
    const card = page.getByTestId("my-certificate");
    await card.waitFor();
    number = (await card.getAttribute("data-number"))!;
    expect(number).toMatch(/^MNT-[2-9A-HJ-NP-Z]{16}$/);
    await expect.poll(() => card.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect.poll(async () => (await card.textContent()) ?? "").toContain(TITLE[lang]);
    await e2e.axeCheck(page, `profile with a certificate ${lang}`);
    await page.screenshot({ path: `${SHOTS}/profile-${lang}.png`, fullPage: true });

    const pdf = await download(page, "my-certificate-pdf");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const shown = await renderPdf(learner.context, pdf);
    writeFileSync(`${SHOTS}/certificate-${lang}.png`, shown.png);
    expect(shown.text).toContain("Ayşe Yılmaz");
    expect(shown.text).toContain(TITLE[lang]);
    expect(shown.text).toContain(number);
    // Drawn, not only text: borders, letters and the QR code put ink on the page.
    expect(shown.ink).toBeGreaterThan(0.005);
  });

  it("an Arabic name is printed shaped and reads back as written", async () => {
    const other = await e2e.signIn("disciple", { firstName: "Deniz", lastName: "Kaya" });
    await e2e.database.db.update(users).set({ firstName: "محمد", lastName: "أحمد" }).where(eq(users.id, other.userId));
    await finishCourse(other.context, other.userId);
    const page = await e2e.open("/ar/profile", { page: other.page });
    await page.getByTestId("my-certificate").waitFor();
    const shown = await renderPdf(other.context, await download(page, "my-certificate-pdf"));
    writeFileSync(`${SHOTS}/certificate-ar-arabic-name.png`, shown.png);
    expect(shown.text).toContain("محمد أحمد");
    expect(shown.text).toContain(TITLE.ar);
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
    await expect.poll(() => box.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps")))).toBe(true);
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
