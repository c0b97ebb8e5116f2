/**
 * The test element in Chromium (issue 13): take and fail a test, retake and pass with full marks
 * (the award-popup opens), finish the element, in English and Arabic (right to left); axe and
 * keyboard-only use on the test page.
 * Screenshots go to /work/shots/tests/.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { definitionOf } from "../support/assessments";
import { useE2E, type SignedIn } from "./fixtures";
import { takeTestOnPage } from "./test-steps";

const e2e = useE2E();
const SHOTS = "/work/shots/tests";
const CHECK = "rf-check-main-idea";

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

/** A signed-in learner who has finished the two lessons before the first test. */
async function learnerAtTest(lang: string): Promise<SignedIn> {
  const who = await e2e.signIn("disciple", { lang });
  for (const id of ["rf-slow-reading", "rf-main-idea"]) {
    const res = await who.context.request.post(e2e.url(`/api/progress/elements/${id}/finish`), { headers: { origin: e2e.baseURL } });
    expect(res.status()).toBe(200);
  }
  await e2e.open(`/${lang}/courses/reading-foundations/test/${CHECK}`, { page: who.page });
  await who.page.getByTestId("test-runner").waitFor();
  // The runner is a lazy chunk: its boundary hydrates after the page does. A key press before that does nothing.
  await expect.poll(() => who.page.getByTestId("test-runner").evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps")))).toBe(true);
  return who;
}

const finishButton = (page: Page) => page.getByTestId("element-finish");

describe("tests that grade, in the browser", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`${lang}: fail, retake and pass, then finish the element`, async () => {
      const { page } = await learnerAtTest(lang);
      expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
      // Nothing in the page says which answers are right before answering.
      const def = await definitionOf(e2e.database.db, CHECK);
      const html = await page.content();
      // Accepted answers and explanations (long enough not to occur by chance, e.g. in an asset's hash).
      const secrets = def.questions.flatMap((q) => [...q.accepted, ...Object.values(q.explanation)]).filter((s) => s.length >= 5);
      for (const s of secrets) expect(html).not.toContain(s);
      expect(html).not.toContain("correctVariants");
      expect(await finishButton(page).isDisabled()).toBe(true);
      await page.getByTestId("element-finish-hint").waitFor();
      await e2e.axeCheck(page, `${lang} test start`);
      await page.screenshot({ path: `${SHOTS}/start-${lang}.png`, fullPage: true });

      expect(await takeTestOnPage(page, e2e.database.db, CHECK, 1)).toBe(false);
      expect(await page.getByTestId("test-score").textContent()).toContain(lang === "ar" ? "25%" : "Score: 25% (pass mark 75%)");
      expect(await finishButton(page).isDisabled()).toBe(true);
      await e2e.axeCheck(page, `${lang} test failed`);
      await page.screenshot({ path: `${SHOTS}/failed-${lang}.png`, fullPage: true });

      expect(await takeTestOnPage(page, e2e.database.db, CHECK)).toBe(true);
      // Every answer right: the award-popup for full marks opens over the result, once.
      const popup = page.getByTestId("award-popup");
      await popup.waitFor();
      expect(await page.getByRole("dialog").textContent()).toContain(lang === "ar" ? "العلامة الكاملة" : "Full marks");
      await e2e.axeCheck(page, `${lang} full-marks award popup`);
      await page.screenshot({ path: `${SHOTS}/award-${lang}.png`, fullPage: true });
      await page.keyboard.press("Escape");
      await popup.waitFor({ state: "detached" });
      await page.screenshot({ path: `${SHOTS}/passed-${lang}.png`, fullPage: true });
      await expect.poll(() => finishButton(page).isDisabled()).toBe(false);
      // The pass is the server's: after a reload the page still knows it.
      await e2e.open(`/${lang}/courses/reading-foundations/test/${CHECK}`, { page });
      expect(await page.getByTestId("test-result").getAttribute("data-passed")).toBe("true");
      await finishButton(page).click();
      await page.waitForURL((u) => u.pathname === `/${lang}/courses/reading-foundations/webinar/rf-reading-circle`);
    });
  }

  it("keyboard only: start, choose, answer, go on, with axe clean on a question and its feedback", async () => {
    const { page } = await learnerAtTest("en");
    await page.getByTestId("test-start").focus();
    await page.keyboard.press("Enter");
    const first = page.locator('[data-testid="test-question"][data-question="where"]');
    await first.waitFor();
    // The question's heading takes the focus; Tab reaches the first variant, Space chooses it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H2");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    expect(await first.locator('[data-variant="edges"] input').isChecked()).toBe(true);
    await e2e.axeCheck(page, "question");
    await page.screenshot({ path: `${SHOTS}/question-en.png`, fullPage: true });
    // Enter in the form answers; the focus then lands on "Next question".
    await page.keyboard.press("Enter");
    await first.getByTestId("test-feedback").waitFor();
    expect(await first.getByTestId("test-feedback").getAttribute("data-correct")).toBe("true");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("test-next");
    await e2e.axeCheck(page, "feedback");
    await page.screenshot({ path: `${SHOTS}/feedback-en.png`, fullPage: true });
    await page.keyboard.press("Enter");
    const second = page.locator('[data-testid="test-question"][data-question="helps"]');
    await second.waitFor();
    expect(await second.getByTestId("test-progress").textContent()).toBe("Question 2 of 4");
    // Checkboxes: Tab to each, Space to tick.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await page.keyboard.press("Enter");
    await second.getByTestId("test-feedback").waitFor();
    expect(await second.getByTestId("test-feedback").getAttribute("data-correct")).toBe("true");
  });
});
