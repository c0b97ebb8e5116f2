import type { TElementType } from "../element";
import type { TQuestionDef, TRetakePolicy, TTestDefinition } from "./definition";

/** Pure rules of tests (issue 13): drawing, grading, retakes, and whether an element may be finished. */

/** A learner's answer to one question: chosen variant ids, or a text. */
export interface AnswerInput {
  variants: string[];
  text: string | null;
}

/** Free text as compared: trimmed, inner spaces collapsed, case folded. */
export const normalizeAnswer = (s: string) => s.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase();

/**
 * Whether an answer is correct: choice kinds when the chosen set equals the correct set; free text
 * when it matches an accepted answer, or null (undecided) when a mentor verifies free text.
 */
export function gradeAnswer(q: TQuestionDef, a: AnswerInput, verification: TTestDefinition["verificationType"]): boolean | null {
  if (q.kind === "text") {
    if (verification === "mentor") return null;
    const given = normalizeAnswer(a.text ?? "");
    return given.length > 0 && q.accepted.some((x) => normalizeAnswer(x) === given);
  }
  const chosen = new Set(a.variants);
  return chosen.size === q.correct.length && q.correct.every((c) => chosen.has(c));
}

/** Why an answer does not fit its question (wrong kind, unknown variant), or null. */
export function answerProblem(q: TQuestionDef, a: AnswerInput): string | null {
  if (q.kind === "text") {
    if (a.variants.length > 0) return "A free-text question takes a text";
    if (!a.text || a.text.trim().length === 0) return "The answer is empty";
    return null;
  }
  if (a.text !== null) return "A choice question takes variants";
  if (a.variants.length === 0) return "No variant chosen";
  if (new Set(a.variants).size !== a.variants.length) return "A variant is chosen twice";
  const ids = new Set(q.variants.map((v) => v.id));
  if (a.variants.some((v) => !ids.has(v))) return "A chosen variant is not one of the question's";
  if (q.kind !== "multiple" && a.variants.length !== 1) return "Choose exactly one variant";
  return null;
}

/** Score in whole percent of the drawn questions answered correctly. */
export function scoreOf(correct: Array<boolean | null>): number {
  if (correct.length === 0) return 0;
  return Math.floor((correct.filter((c) => c === true).length * 100) / correct.length);
}

export const passes = (score: number, passMark: number) => score >= passMark;

/** The score of an attempt with every drawn question right. */
export const FULL_MARKS = 100;

/** Graded with full marks (what the award rule "test-full-marks" answers); an attempt waiting for a mentor is not yet. */
export const hasFullMarks = (a: { status: string; score: number | null }) => a.status === "graded" && a.score === FULL_MARKS;

/**
 * The questions of a new attempt: all in order without a bank; with `draw`, N of the bank, those
 * the learner has not seen in earlier attempts first, then the least recently seen; `random` picks
 * among equals (injected so tests are deterministic).
 */
export function drawQuestions(def: TTestDefinition, seenCounts: Record<string, number>, random: () => number = Math.random): string[] {
  const ids = def.questions.map((q) => q.id);
  if (def.draw === null || def.draw >= ids.length) return ids;
  const keyed = ids.map((id) => ({ id, seen: seenCounts[id] ?? 0, r: random() }));
  keyed.sort((a, b) => a.seen - b.seen || a.r - b.r);
  const chosen = new Set(keyed.slice(0, def.draw).map((k) => k.id));
  // Kept in the bank's order, so a test reads as its author wrote it.
  return ids.filter((id) => chosen.has(id));
}

export type RetakeRefusal = { reason: "passed" } | { reason: "attempts"; limit: number } | { reason: "cooldown"; availableAt: Date } | { reason: "pending" };

/**
 * May the learner begin another attempt? Not after a pass (the best attempt already counts), not
 * while one waits for a mentor, not past the attempt limit, not before the cool-down has run.
 */
export function retakeRefusal(
  policy: TRetakePolicy,
  attempts: Array<{ status: string; passed: boolean | null; gradedAt: Date | null; submittedAt: Date | null }>,
  now: Date,
): RetakeRefusal | null {
  if (attempts.some((a) => a.passed === true)) return { reason: "passed" };
  if (attempts.some((a) => a.status === "awaiting-mentor")) return { reason: "pending" };
  if (policy.attemptLimit !== null && attempts.length >= policy.attemptLimit) return { reason: "attempts", limit: policy.attemptLimit };
  const last = attempts
    .map((a) => a.gradedAt ?? a.submittedAt)
    .filter((d): d is Date => d !== null)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  if (last && policy.cooldownSeconds > 0) {
    const availableAt = new Date(last.getTime() + policy.cooldownSeconds * 1000);
    if (availableAt > now) return { reason: "cooldown", availableAt };
  }
  return null;
}

/**
 * THE finishing rule for tests: a test element with a test may be finished only by a learner with
 * a passed attempt. Lessons, webinars and test elements without questions are not held back.
 */
export function mayFinishElement(element: { type: TElementType }, test: { exists: boolean; passed: boolean }): boolean {
  return element.type !== "test" || !test.exists || test.passed;
}

/** How the progress service asks the finishing rule (modules/assessments provides it). */
export type FinishGate = (learnerId: string, element: { id: string; type: TElementType }) => Promise<void>;
