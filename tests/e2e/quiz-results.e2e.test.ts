/**
 * Quiz results and interaction results in Debian's Chromium (issue 13), in English and in Arabic:
 * two learners answer the showcase quiz in two browser contexts and each sees how everyone answered,
 * the first learner's shares updating live when the second answers; on a lesson, the interaction
 * result waits in the browser's queue while its API is unreachable (across a reload) and lands once
 * when it is back. axe finds no serious or critical violation.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGE_PACKAGES } from "../../src/domain/constants";
import { GUEST_SESSION_STORAGE_KEY, INTERACTION_QUEUE_STORAGE_KEY } from "../../src/domain/results-constants";
import { interactionResults } from "../../src/server/db/schema/results";
import type { DemoLang } from "../../src/server/db/seed/demo-content";
import { SHOWCASE_ALIAS, showcasePage } from "../../src/server/db/seed/demo-showcase";
import { createI18n } from "../../src/web/i18n/instance";
import { useE2E } from "./fixtures";

const e2e = useE2E();
const SHOTS = "/work/shots/quiz";
const LESSON = "/courses/reading-foundations/lesson/rf-slow-reading";
const INTERACTIONS = /\/api\/interaction-results(\?|$)/;

function translator(lang: DemoLang) {
  const resources = Object.fromEntries(
    LANGUAGE_PACKAGES.map((pkg) => [pkg, JSON.parse(readFileSync(path.join(process.cwd(), "locales", lang, `${pkg}.json`), "utf8"))]),
  );
  const i18n = createI18n(lang, resources);
  return (key: string, vars?: Record<string, unknown>) => i18n.t(key, vars ?? {});
}

const quizIn = (page: Page, id: string): Locator => page.locator(`section#${id}`).getByTestId("quiz");

/** Chooses a variant by its text and checks; returns the block. */
async function answer(page: Page, blockId: string, variantText: string, lang: DemoLang): Promise<Locator> {
  const t = translator(lang);
  const quiz = quizIn(page, blockId);
  await quiz.scrollIntoViewIfNeeded();
  await quiz.getByLabel(variantText, { exact: true }).check();
  await quiz.getByRole("button", { name: t("blocks:quiz.check") }).click();
  return quiz;
}

const total = async (quiz: Locator) => Number(await quiz.getByTestId("quiz-shares").getAttribute("data-total"));

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

describe.each(["en", "ar"] as const)("quiz aggregates (%s)", (lang) => {
  it("two learners answer; each sees the other's answer counted, the first one live", async () => {
    const t = translator(lang);
    const single = showcasePage(lang).blocks.find((b) => b.id === "showcase-quiz-single");
    if (single?.type !== "tests") throw new Error("the showcase has no single-choice quiz");
    const [wrong, right] = [single.props.variants[0]!, single.props.variants[1]!];

    const first = await e2e.signIn("disciple", { lang });
    await e2e.open(`/${lang}/pages/${SHOWCASE_ALIAS}`, { page: first.page });
    // The page does not know the answer before it is given.
    expect(await first.page.content()).not.toContain('"correct"');
    const firstQuiz = await answer(first.page, single.id, right.text, lang);
    await firstQuiz.getByTestId("quiz-result").getByText(t("blocks:quiz.passed")).waitFor();
    await firstQuiz.getByTestId("quiz-shares").waitFor();
    const before = await total(firstQuiz);
    expect(before).toBeGreaterThanOrEqual(1);
    const shareText = firstQuiz.getByTestId("quiz-shares").locator(`li[data-variant="${right.id}"]`);
    expect(Number(await shareText.getAttribute("data-count"))).toBeGreaterThanOrEqual(1);

    const second = await e2e.signIn("disciple", { lang });
    await e2e.open(`/${lang}/pages/${SHOWCASE_ALIAS}`, { page: second.page });
    const secondQuiz = await answer(second.page, single.id, wrong.text, lang);
    const result = secondQuiz.getByTestId("quiz-result");
    await result.getByText(t("blocks:quiz.failed")).waitFor();
    await result.getByText(t("blocks:quiz.correctAnswer", { count: 1, answers: right.text })).waitFor();
    if (single.props.explanation) await result.getByText(single.props.explanation).waitFor();
    await secondQuiz.getByTestId("quiz-shares").waitFor();
    // The second learner sees the first one's answer counted, and their own.
    expect(await total(secondQuiz)).toBe(before + 1);
    await secondQuiz.getByText(t("blocks:quiz.sharesTotal", { count: before + 1 })).waitFor();

    // Live: the first learner's shares follow without a reload.
    await firstQuiz.locator(`[data-testid="quiz-shares"][data-total="${before + 1}"]`).waitFor();
    await e2e.axeCheck(first.page, `quiz shares (${lang})`);
    await firstQuiz.screenshot({ path: `${SHOTS}/shares-${lang}.png` });
    await secondQuiz.screenshot({ path: `${SHOTS}/shares-wrong-${lang}.png` });
  });
});

describe.each(["en", "ar"] as const)("the interaction result queue (%s)", (lang) => {
  it("keeps the result while the API is unreachable, across a reload, and sends it once when it is back", async () => {
    const t = translator(lang);
    const { page } = await e2e.newPage({ lang, consent: true });
    let blocked = 0;
    await page.route(INTERACTIONS, (route) => {
      blocked++;
      return route.abort();
    });
    await e2e.open(`/${lang}${LESSON}`, { page });
    // The lesson's quick check: its second variant is the right one (demo-course-reading.ts).
    const quiz = quizIn(page, "rf-slow-quiz");
    await quiz.scrollIntoViewIfNeeded();
    await quiz.getByRole("radio").nth(1).check();
    await quiz.getByRole("button", { name: t("blocks:quiz.check") }).click();
    await quiz.getByTestId("quiz-result").getByText(t("blocks:quiz.passed")).waitFor();
    const queued = () => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? "[]").length as number, INTERACTION_QUEUE_STORAGE_KEY);
    await expect.poll(() => blocked).toBeGreaterThanOrEqual(1);
    expect(await queued()).toBe(1);
    const sessionId = await page.evaluate((k) => localStorage.getItem(k), GUEST_SESSION_STORAGE_KEY);
    expect(sessionId).toBeTruthy();

    // A reload keeps it: the page starts the sender again, and the send fails again.
    const attempts = blocked;
    await page.reload();
    // The sender starts when the reloaded page hydrates, which on a loaded machine takes more than poll's default second.
    await expect.poll(() => blocked, { timeout: 10_000 }).toBeGreaterThan(attempts);
    expect(await queued()).toBe(1);
    await quizIn(page, "rf-slow-quiz").screenshot({ path: `${SHOTS}/queued-${lang}.png` });

    // Back online: the 15 s retry (en) or the browser's `online` event (ar) sends it, once.
    await page.unroute(INTERACTIONS);
    if (lang === "ar") await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await expect.poll(queued, { timeout: 30_000, interval: 500 }).toBe(0);
    const rows = await e2e.database.db
      .select()
      .from(interactionResults)
      .where(and(eq(interactionResults.sessionId, sessionId!), eq(interactionResults.componentId, "rf-slow-quiz")));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ courseId: "reading-foundations", elementId: "rf-slow-reading", passed: true, componentName: "tests", multiple: false });
    await e2e.axeCheck(page, `lesson quiz (${lang})`);
  });
});
