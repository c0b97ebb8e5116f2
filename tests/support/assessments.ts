/**
 * Taking tests (issue 13) in `app.inject` tests: the stored definition tells the helper the correct
 * answers (a learner's browser never sees them before answering).
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { TQuestionDef, TTestDefinition } from "../../src/domain/assessment/definition";
import type { TTestState } from "../../src/domain/assessment/public";
import type { TAwardRef } from "../../src/domain/award-ref";
import type { Db } from "../../src/server/db/client";
import { elementTests, testAttempts } from "../../src/server/db/schema/assessments";
import type { Browser } from "./http";

export async function definitionOf(db: Db, elementId: string): Promise<TTestDefinition> {
  const [row] = await db.select().from(elementTests).where(eq(elementTests.elementId, elementId));
  if (!row) throw new Error(`No test for ${elementId}`);
  return row.definition;
}

/** A right (or wrong) answer body for a question. */
export function answerFor(q: TQuestionDef, right: boolean): { questionId: string; variants?: string[]; text?: string } {
  if (q.kind === "text") return { questionId: q.id, text: right ? (q.accepted[0] ?? "x") : "certainly wrong" };
  if (right) return { questionId: q.id, variants: q.correct };
  const wrong = q.variants.find((v) => !q.correct.includes(v.id))!;
  return { questionId: q.id, variants: [wrong.id] };
}

export const url = {
  state: (elementId: string, lang = "en") => `/api/assessments/elements/${elementId}?lang=${lang}`,
  start: (elementId: string, lang = "en") => `/api/assessments/elements/${elementId}/attempts?lang=${lang}`,
  retake: (elementId: string, lang = "en") => `/api/assessments/elements/${elementId}/retake?lang=${lang}`,
  answer: (attemptId: string, lang = "en") => `/api/assessments/attempts/${attemptId}/answers?lang=${lang}`,
  submit: (attemptId: string, lang = "en") => `/api/assessments/attempts/${attemptId}/submit?lang=${lang}`,
};

/**
 * Answers every question of the current attempt (starting one if needed): `rightCount` of them
 * right, in order; then submits. Returns the submit reply's state.
 */
export async function takeTest(db: Db, b: Browser, elementId: string, rightCount = Infinity, opts: { retake?: boolean } = {}) {
  const def = await definitionOf(db, elementId);
  const res = await b.post(opts.retake ? url.retake(elementId) : url.start(elementId));
  expect(res.statusCode, res.body).toBe(200);
  const state = res.json() as TTestState;
  const answered = new Set(state.answers.map((a) => a.questionId));
  let i = 0;
  for (const q of state.list) {
    const def_q = def.questions.find((x) => x.id === q.id)!;
    if (!answered.has(q.id)) {
      const r = await b.post(url.answer(state.session!), answerFor(def_q, i < rightCount));
      expect(r.statusCode, r.body).toBe(200);
    }
    i++;
  }
  const sub = await b.post(url.submit(state.session!));
  expect(sub.statusCode, sub.body).toBe(200);
  return sub.json() as { state: TTestState; result: { id: string; passed: boolean | null; score: number }; awards: TAwardRef[] };
}

/**
 * A passed attempt written straight to the database, for tests about something else (a walk through
 * a course) whose test would need a mentor's review.
 */
export async function passedAttempt(db: Db, userId: string, elementId: string, courseId: string) {
  const def = await definitionOf(db, elementId);
  const id = `tat_${Math.random()
    .toString(32)
    .slice(2)
    .padEnd(26, "a")
    .replace(/[^a-z2-7]/g, "a")
    .slice(0, 26)}`;
  await db
    .insert(testAttempts)
    .values({ id, userId, elementId, courseId, number: 1, status: "graded", questionIds: def.questions.map((q) => q.id), score: 100, passed: true });
}
