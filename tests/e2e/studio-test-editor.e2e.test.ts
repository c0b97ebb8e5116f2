/**
 * Issue 15's question editor in Chromium: the demo creator (Nadia, signed in with the demo password)
 * opens a new course's test in the studio, adds a single-choice question with two variants in Turkish
 * and English, moves it with the keyboard, deletes the starter question after confirming, sets the
 * pass mark and saves; two learners then take the test and are graded by that question. Axe on the
 * editor in ar (right to left). Screenshots go to /work/shots/h15quiz/ (MENTORA_SHOTS overrides).
 */
import { mkdirSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { TTestEditor } from "../../src/domain/assessment/editor";
import type { TStudioElement } from "../../src/domain/studio";
import { DEMO_CREATOR } from "../../src/server/db/seed/demo-creator";
import { DEMO_MENTOR_PASSWORD } from "../../src/server/db/seed/demo-mentors";
import { useE2E } from "./fixtures";
import { takeTestOnPage } from "./test-steps";

const e2e = useE2E();
const SHOTS = process.env.MENTORA_SHOTS ?? "/work/shots/h15quiz";
const COURSE = "quiz-editor-course";
const SLOW = { timeout: 20_000 };

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The demo creator, signed in through the login API with the README's demo password. */
async function nadia(): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await e2e.newPage({ lang: "en", consent: true, viewport: { width: 1400, height: 1000 } });
  const res = await context.request.post(e2e.url("/api/auth/login"), {
    data: { email: DEMO_CREATOR.email, password: DEMO_MENTOR_PASSWORD },
    headers: { origin: e2e.baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { page, context };
}

/** The studio course screen with the test element's questions open. */
async function openQuestions(page: Page, lang: string) {
  await e2e.open(`/${lang}/studio/courses/${COURSE}`, { page });
  const row = page.locator('[data-testid="studio-element"][data-type="test"]');
  await row.getByTestId("element-questions").click();
  await row.getByTestId("test-editor").waitFor(SLOW);
  return row;
}

describe("the question editor, from the studio to a learner", () => {
  let creator: { page: Page; context: BrowserContext };
  let testId = "";

  it("the demo creator adds a single-choice question with two variants, sets the pass mark and saves", async () => {
    creator = await nadia();
    const post = (url: string, data: unknown) => creator.context.request.post(e2e.url(url), { data, headers: { origin: e2e.baseURL } });
    const course = await post("/api/admin/courses", {
      id: COURSE,
      title: { tr: "Sınav kursu", en: "Quiz course" },
      published: true,
      arbitraryWalkthrough: true,
    });
    expect(course.status(), await course.text()).toBe(201);
    const element = await post(`/api/admin/courses/${COURSE}/elements`, { type: "test", title: { tr: "Kısa sınav", en: "Short quiz" } });
    expect(element.status(), await element.text()).toBe(201);
    testId = ((await element.json()) as TStudioElement).id;

    const page = creator.page;
    const row = await openQuestions(page, "en");
    // A new test starts with one blank single-choice question; the author adds a second one.
    await expect.poll(() => row.getByTestId("editor-question").count()).toBe(1);
    await row.getByTestId("question-new-kind").selectOption("single");
    await row.getByTestId("question-add").click();
    await expect.poll(() => row.getByTestId("editor-question").count()).toBe(2);
    const starterId = await row.getByTestId("editor-question").first().getAttribute("data-question-id");
    const q2 = (await row.getByTestId("editor-question").last().getAttribute("data-question-id"))!;
    const added = row.locator(`[data-testid="editor-question"][data-question-id="${q2}"]`);
    await added.locator(`#question-${q2}-text-tr`).fill("Türkiye'nin başkenti neresidir?");
    await added.locator(`#question-${q2}-text-en`).fill("What is the capital of Türkiye?");
    await added.locator(`#question-${q2}-variants-0-text-tr`).fill("İstanbul");
    await added.locator(`#question-${q2}-variants-1-text-tr`).fill("Ankara");
    await added.locator(`#question-${q2}-variants-0-text-en`).fill("Istanbul");
    // The second variant is the right one (a radio: exactly one).
    await added.locator('[data-variant-id="v2"]').getByTestId("variant-correct").check();
    // Ankara has no English text yet: it is marked missing.
    expect(await added.locator('[data-variant-id="v2"]').textContent()).toContain("English");

    // Keyboard: Alt+↑ on the question's handle moves it first, and it keeps the focus.
    await added.getByTestId("question-handle").focus();
    await page.keyboard.press("Alt+ArrowUp");
    await expect.poll(() => row.getByTestId("editor-question").first().getAttribute("data-question-id")).toBe(q2);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("question-handle");
    await added.locator(`#question-${q2}-variants-1-text-en`).fill("Ankara");

    // The blank starter question goes, after a confirmation.
    const starter = row.locator(`[data-testid="editor-question"][data-question-id="${starterId}"]`);
    await starter.getByTestId("question-delete").click();
    await starter.getByTestId("question-delete-confirm").click();
    await expect.poll(() => row.getByTestId("editor-question").count()).toBe(1);

    await row.getByTestId("test-pass-mark").fill("100");
    await row.getByTestId("test-save").click();
    await expect.poll(() => row.getByTestId("test-save-state").getAttribute("data-state"), SLOW).toBe("saved");
    await shot(page, "editor-en");

    const stored = (await (await creator.context.request.get(e2e.url(`/api/admin/elements/${testId}/test`))).json()) as TTestEditor;
    expect(stored.definition).toMatchObject({
      passMark: 100,
      questions: [
        {
          id: q2,
          kind: "single",
          text: { tr: "Türkiye'nin başkenti neresidir?", en: "What is the capital of Türkiye?" },
          variants: [
            { id: "v1", text: { tr: "İstanbul", en: "Istanbul" } },
            { id: "v2", text: { tr: "Ankara", en: "Ankara" } },
          ],
          correct: ["v2"],
        },
      ],
    });
    expect(stored.savedBy).toEqual({ id: DEMO_CREATOR.userId, name: "Nadia Aksoy" });
  });

  it("a learner is graded by the new question: a wrong answer fails, the right one passes", async () => {
    const wrong = await e2e.signIn("disciple");
    await e2e.open(`/en/courses/${COURSE}/test/${testId}`, { page: wrong.page });
    expect(await wrong.page.getByTestId("test-runner").textContent()).not.toContain("Ankara");
    expect(await takeTestOnPage(wrong.page, e2e.database.db, testId, 0)).toBe(false);
    const right = await e2e.signIn("disciple");
    await e2e.open(`/en/courses/${COURSE}/test/${testId}`, { page: right.page });
    expect(await takeTestOnPage(right.page, e2e.database.db, testId)).toBe(true);
    await shot(right.page, "learner-passed-en");
  });

  it("a stale save names who saved; the statistics count both learners; the editor is right to left and axe-clean in ar", async () => {
    const page = creator.page;
    const row = await openQuestions(page, "ar");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await row.getByTestId("test-statistics").click();
    const stats = row.locator("[data-testid=test-statistics-panel] tbody tr");
    await stats.first().waitFor(SLOW);
    expect(await stats.first().locator("td").allTextContents()).toEqual(["2", "1", expect.any(String), expect.stringContaining("Ankara")]);
    await row.getByTestId("test-pass-mark").fill("50");
    // Someone saves in the meantime (the same definition, through the API, from the loaded revision).
    const current = (await (await creator.context.request.get(e2e.url(`/api/admin/elements/${testId}/test`))).json()) as TTestEditor;
    const other = await creator.context.request.put(e2e.url(`/api/admin/elements/${testId}/test`), {
      data: { baseRevision: current.revision, definition: current.definition },
      headers: { origin: e2e.baseURL },
    });
    expect(other.status(), await other.text()).toBe(200);
    await row.getByTestId("test-save").click();
    await row.getByTestId("test-conflict").waitFor(SLOW);
    expect(await row.getByTestId("test-conflict").textContent()).toContain("Nadia Aksoy");
    await shot(page, "editor-conflict-ar");
    await e2e.axeCheck(page, "question editor ar");
    await row.getByTestId("test-reload").click();
    await expect.poll(() => row.getByTestId("test-pass-mark").inputValue(), SLOW).toBe("100");
  });
});
