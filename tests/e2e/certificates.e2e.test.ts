/**
 * Certificates in Chromium (issue 13, docs/decisions/0037): the public verification page in en and
 * ar passes axe and checks a downloaded Open Badge; a stranger sees it without downloads; an unknown
 * number is a 404 page. Earning the certificate in the browser, downloading its PDF from the profile
 * and reading the name on it (a Latin and an Arabic name) is certificate-walk.e2e.test.ts; here the
 * learner finishes the course through the progress API. Screenshots go to /work/shots/cert/.
 */
import { mkdirSync } from "node:fs";
import type { BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { passedAttempt } from "../support/assessments";
import { download } from "./certificate-steps";
import { type SignedIn, useE2E } from "./fixtures";

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
