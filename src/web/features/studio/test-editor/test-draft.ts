import type { TQuestionDef, TQuestionKind, TTestDefinition, TVariantDef } from "../../../../domain/assessment/definition";
import { ZTestDefinition } from "../../../../domain/assessment/definition";

/*
 * The question editor's value without React: a test definition being edited, the changes the screen
 * makes to it, and where the shared schema's issues sit. Ids are made here, never reused within a
 * test, so answers stored under a removed question's id never attach to a new question
 * (docs/decisions/0053).
 */

/** An id unused in `taken`: `prefix` and the next free number (variants: their answers are per question). */
export function freshId(prefix: string, taken: readonly string[]): string {
  const used = new Set(taken);
  let n = taken.length + 1;
  while (used.has(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

function blankVariant(taken: readonly string[]): TVariantDef {
  return { id: freshId("v", taken), text: {} };
}

/**
 * A question id no question of this test ever had: answers are stored by question id, and a removed
 * question's answers must not attach to a new one (a number past the current ones could be a removed id).
 */
export function questionId(taken: readonly string[], now = Date.now(), random = Math.random): string {
  let id: string;
  do id = `q${now.toString(36)}${Math.floor(random() * 36 ** 4).toString(36)}`;
  while (taken.includes(id));
  return id;
}

/** A new question of a kind: choice kinds start with two empty variants, the first marked correct (single, image). */
export function newQuestion(kind: TQuestionKind, takenIds: readonly string[]): TQuestionDef {
  const base = {
    id: questionId(takenIds),
    kind,
    text: {},
    variants: [],
    correct: [],
    accepted: [],
    feedback: { correct: {}, incorrect: {} },
    explanation: {},
  };
  if (kind === "text") return base;
  const first = blankVariant([]);
  const second = blankVariant([first.id]);
  const withImage = (v: TVariantDef): TVariantDef => (kind === "image" ? { ...v, image: { url: "", alt: {} } } : v);
  return { ...base, variants: [withImage(first), withImage(second)], correct: kind === "multiple" ? [] : [first.id] };
}

/** A first test: one single-choice question, pass mark 60, graded by the machine. */
export function newTest(): TTestDefinition {
  return {
    passMark: 60,
    verificationType: "automatic",
    retake: { attemptLimit: null, cooldownSeconds: 0 },
    draw: null,
    questions: [newQuestion("single", [])],
  };
}

/**
 * A question changed to another kind, keeping what still fits: texts always; variants between choice
 * kinds (images added or dropped); one correct variant for single and image; accepted answers only for text.
 */
export function withKind(q: TQuestionDef, kind: TQuestionKind): TQuestionDef {
  if (kind === q.kind) return q;
  if (kind === "text") return { ...q, kind, variants: [], correct: [] };
  const fresh = newQuestion(kind, []);
  const variants =
    q.kind === "text"
      ? fresh.variants
      : q.variants.map((v) => (kind === "image" ? { ...v, image: v.image ?? { url: "", alt: {} } } : { id: v.id, text: v.text }));
  const ids = new Set(variants.map((v) => v.id));
  const kept = q.correct.filter((id) => ids.has(id));
  const one = kept[0] ?? variants[0]?.id;
  const correct = kind === "multiple" ? kept : one ? [one] : [];
  return { ...q, kind, variants, correct, accepted: [] };
}

/** The variant marked (or unmarked) correct: radio-like for single and image, a toggle for multiple. */
export function markCorrect(q: TQuestionDef, variantId: string, on: boolean): TQuestionDef {
  if (q.kind !== "multiple") return on ? { ...q, correct: [variantId] } : q;
  const rest = q.correct.filter((id) => id !== variantId);
  return { ...q, correct: on ? [...rest, variantId] : rest };
}

export function addVariant(q: TQuestionDef): TQuestionDef {
  const v = blankVariant(q.variants.map((x) => x.id));
  return { ...q, variants: [...q.variants, q.kind === "image" ? { ...v, image: { url: "", alt: {} } } : v] };
}

export function removeVariant(q: TQuestionDef, variantId: string): TQuestionDef {
  return { ...q, variants: q.variants.filter((v) => v.id !== variantId), correct: q.correct.filter((id) => id !== variantId) };
}

/** A test-level issue or one at a question: the path inside the definition and the schema's code. */
export interface DraftIssue {
  path: readonly (string | number)[];
  code: string;
}

/** The shared schema's issues (the server checks the same), with paths inside the definition. */
export function draftIssues(def: TTestDefinition): DraftIssue[] {
  const r = ZTestDefinition.safeParse(def);
  if (r.success) return [];
  return r.error.issues.map((i) => ({ path: i.path.filter((p): p is string | number => typeof p !== "symbol"), code: i.code }));
}

/** The server's validation errors ("definition.questions.0.correct") as issues inside the definition. */
export function serverDraftIssues(errors: ReadonlyArray<{ path: string }> | undefined): DraftIssue[] {
  return (errors ?? []).map((e) => ({
    path: e.path
      .replace(/^definition\.?/, "")
      .split(".")
      .filter(Boolean)
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
    code: "custom",
  }));
}

/** The issues under `prefix` (e.g. ["questions", 2]), for the part of the screen that shows them. */
export const issuesUnder = (issues: readonly DraftIssue[], prefix: readonly (string | number)[]) =>
  issues.filter((i) => prefix.every((p, k) => i.path[k] === p));

/** What is saved: blank lines of accepted answers dropped (the text area keeps the one being typed). */
export function cleaned(def: TTestDefinition): TTestDefinition {
  return { ...def, questions: def.questions.map((q) => ({ ...q, accepted: q.accepted.map((a) => a.trim()).filter(Boolean) })) };
}
