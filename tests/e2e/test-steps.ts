/**
 * Taking a test element's test in Chromium (issue 13), keyboard or mouse: the stored definition
 * (read from the e2e database) tells which answers are right; the page never has them before.
 */
import type { Page } from "playwright-core";
import type { TQuestionDef } from "../../src/domain/assessment/definition";
import type { Db } from "../../src/server/db/client";
import { definitionOf } from "../support/assessments";
import { waitForHydrated } from "./fixtures";

/** Answers the question on screen, right or wrong, with the mouse; then goes on. */
async function answerOnScreen(page: Page, q: TQuestionDef, right: boolean) {
  const form = page.locator(`[data-testid="test-question"][data-question="${q.id}"]`);
  await form.waitFor();
  if (q.kind === "text") {
    await form.getByTestId("test-text").fill(right ? q.accepted[0] : "no idea");
  } else {
    const ids = right ? q.correct : [q.variants.find((v) => !q.correct.includes(v.id))!.id];
    for (const id of ids) await form.locator(`[data-testid="test-variant"][data-variant="${id}"] input`).check();
  }
  await form.getByTestId("test-answer").click();
  await form.getByTestId("test-feedback").waitFor();
  await form.getByTestId("test-next").click();
}

/**
 * Takes the test on the page (start or retake first when offered), `rightCount` answers right in
 * the order shown, submits, and waits for the result. Returns whether it passed.
 */
export async function takeTestOnPage(page: Page, db: Db, elementId: string, rightCount = Infinity): Promise<boolean> {
  const def = await definitionOf(db, elementId);
  const runner = page.getByTestId("test-runner");
  await runner.waitFor();
  await waitForHydrated(runner);
  const question = page.getByTestId("test-question");
  const submit = page.getByTestId("test-submit");
  const mode = await runner.getAttribute("data-mode");
  if (mode === "start") await page.getByTestId("test-start").click();
  else if (mode === "result") await page.getByTestId("test-retake").click();
  let i = 0;
  for (;;) {
    await question.or(submit).first().waitFor();
    if (await submit.isVisible()) break;
    const id = await question.getAttribute("data-question");
    await answerOnScreen(
      page,
      def.questions.find((q) => q.id === id)!,
      i < rightCount,
    );
    i++;
  }
  await page.getByTestId("test-submit").click();
  const result = page.getByTestId("test-result");
  await result.waitFor();
  return (await result.getAttribute("data-passed")) === "true";
}
