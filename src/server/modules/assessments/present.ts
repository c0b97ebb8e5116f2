import type { TQuestionDef, TTestDefinition } from "../../../domain/assessment/definition";
import type { TAnswerFeedback, TPublicQuestion, TTestMode, TTestResult, TTestState } from "../../../domain/assessment/public";
import { retakeRefusal } from "../../../domain/assessment/rules";
import { localized } from "../../../domain/localized";
import type { AnswerRow, AttemptRow, ResultRow } from "./repo";

export interface Lang {
  lang: string;
  primaryLang: string;
}

const pick = (l: Lang, v: Record<string, string> | undefined) => localized(v, l.lang, l.primaryLang);

/** A question as every reply shows it: texts in the reader's language, no correct answers. */
export function publicQuestion(q: TQuestionDef, l: Lang): TPublicQuestion {
  return {
    id: q.id,
    kind: q.kind,
    text: pick(l, q.text),
    variants: q.variants.map((v) => ({ id: v.id, text: pick(l, v.text), image: v.image ? { url: v.image.url, alt: pick(l, v.image.alt) } : null })),
  };
}

/** Feedback on one answered question (never built for an unanswered one). */
export function feedbackOf(q: TQuestionDef, a: AnswerRow, l: Lang): TAnswerFeedback {
  return {
    questionId: q.id,
    answer: { variants: a.variants, text: a.text },
    correct: a.correct,
    feedback: a.correct === null ? "" : pick(l, a.correct ? q.feedback.correct : q.feedback.incorrect),
    explanation: pick(l, q.explanation),
    correctVariants: q.kind === "text" ? [] : q.correct,
    mentorComment: a.reviewComment,
  };
}

/** The best attempt counts: the highest graded score (a pass before a fail), the earlier one on a tie. */
export function bestAttempt(attempts: AttemptRow[]): AttemptRow | null {
  const graded = attempts.filter((a) => a.status === "graded" && a.score !== null);
  graded.sort((a, b) => Number(b.passed) - Number(a.passed) || b.score! - a.score! || a.number - b.number);
  return graded[0] ?? null;
}

/** Seed 000 §3 test state of a learner's test, from the stored attempts. */
export function presentState(elementId: string, def: TTestDefinition, attempts: AttemptRow[], answers: AnswerRow[], l: Lang, now: Date): TTestState {
  const current = attempts.at(-1) ?? null;
  const byId = new Map(def.questions.map((q) => [q.id, q]));
  const drawn = (current?.questionIds ?? []).map((id) => byId.get(id)).filter((q): q is TQuestionDef => !!q);
  const answered = new Map(answers.map((a) => [a.questionId, a]));
  const open = drawn.map((q, i) => (answered.has(q.id) ? -1 : i)).filter((i) => i >= 0);
  const activeStep = open[0] ?? Math.max(0, drawn.length - 1);
  const nextStep = open[1] ?? null;
  let mode: TTestMode = "start";
  if (current?.status === "in-progress") mode = open.length > 0 ? "question" : "review";
  else if (current?.status === "awaiting-mentor") mode = "awaiting-mentor";
  else if (current) mode = "result";
  const refusal = retakeRefusal(def.retake, attempts, now);
  const best = bestAttempt(attempts);
  return {
    elementId,
    passMark: def.passMark,
    verificationType: def.verificationType,
    questionCount: def.draw ?? def.questions.length,
    list: drawn.map((q) => publicQuestion(q, l)),
    session: current?.id ?? null,
    attemptNumber: current?.number ?? null,
    activeStep,
    nextStep,
    isComplete: !!current && current.status !== "in-progress",
    mode,
    answers: drawn.filter((q) => answered.has(q.id)).map((q) => feedbackOf(q, answered.get(q.id)!, l)),
    result: current && current.status !== "in-progress" ? { score: current.score ?? 0, passed: current.passed, status: current.status } : null,
    best: best ? { score: best.score!, passed: best.passed === true, attemptNumber: best.number } : null,
    retake: {
      allowed: !!current && current.status !== "in-progress" && refusal === null,
      reason: refusal?.reason ?? null,
      availableAt: refusal?.reason === "cooldown" ? refusal.availableAt.toISOString() : null,
      attemptsLeft: def.retake.attemptLimit === null ? null : Math.max(0, def.retake.attemptLimit - attempts.length),
    },
    passed: attempts.some((a) => a.passed === true),
  };
}

export function presentResult(r: ResultRow): TTestResult {
  return {
    id: r.id,
    dialogId: r.dialogId,
    msgId: r.msgId,
    text: r.text,
    variants: r.variants,
    categoryId: r.categoryId,
    elementId: r.elementId,
    sessionId: r.sessionId,
    email: r.email,
    answers: r.answers,
    multiple: r.multiple,
    passed: r.passed,
    score: r.score,
    createdAt: r.createdAt.toISOString(),
  };
}
