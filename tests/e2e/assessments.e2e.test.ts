/**
 * The test element in Chromium (issue 13): keyboard-only use of the test page, with axe on a question
 * and its feedback. Failing, retaking and passing a test, then finishing the element, in English and
 * Arabic, is part of certificate-walk.e2e.test.ts. Screenshots go to /work/shots/tests/.
 */
import { mkdirSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedIn, useE2E, waitForHydrated } from "./fixtures";

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
  await waitForHydrated(who.page.getByTestId("test-runner"));
  return who;
}

describe("tests that grade, in the browser", () => {
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
