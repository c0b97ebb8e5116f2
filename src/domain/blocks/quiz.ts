import { z } from "zod";
import { ZLabel, blockSchema } from "./common";

/**
 * The "tests" block: one question with variants, single or multiple choice, checked in the browser.
 * The result is handed to an `onResult` hook in the shape of the seed's interaction result, so a
 * sender can be attached later without changing the block.
 */
export const ZQuizProps = z
  .object({
    title: z.string().max(300).optional(),
    question: ZLabel,
    multiple: z.boolean().optional(),
    variants: z
      .array(z.object({ id: z.string().min(1).max(60), text: ZLabel }))
      .min(2)
      .max(12),
    /** Ids of the correct variants. */
    correct: z.array(z.string().min(1).max(60)).min(1),
    /** Shown with the result, whichever it is. */
    explanation: z.string().max(2000).optional(),
  })
  .superRefine((q, ctx) => {
    const ids = q.variants.map((v) => v.id);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", path: ["variants"], message: "Variant ids must be unique" });
    for (const id of q.correct) {
      if (!ids.includes(id)) ctx.addIssue({ code: "custom", path: ["correct"], message: `Unknown variant ${id}` });
    }
    if (new Set(q.correct).size !== q.correct.length) ctx.addIssue({ code: "custom", path: ["correct"], message: "Correct ids repeat" });
    if (!q.multiple && q.correct.length !== 1) ctx.addIssue({ code: "custom", path: ["correct"], message: "A single-choice question has one correct variant" });
  });
export type TQuizProps = z.infer<typeof ZQuizProps>;

export const ZTestsBlock = blockSchema("tests", ZQuizProps);

/** Passed only when exactly the correct variants are chosen: no extra, none missing. */
export function isQuizPassed(selected: readonly string[], correct: readonly string[]): boolean {
  const chosen = new Set(selected);
  return chosen.size === new Set(correct).size && correct.every((id) => chosen.has(id));
}

/** Seed 3 interaction result payload (type, componentId, componentName, variants, passed, answers, multiple). */
export interface QuizResult {
  type: "quiz";
  componentId: string;
  componentName: "tests";
  variants: string[];
  answers: string[];
  passed: boolean;
  multiple: boolean;
  courseId?: string;
  elementId?: string;
}

/**
 * The result to report, or null when nothing was selected (seed 5: senders skip sending then).
 * Answers and variants carry texts; blank texts are dropped (seed 5); the multiple flag is set when
 * more than one answer was given.
 */
export function quizResult(componentId: string, quiz: Pick<TQuizProps, "variants" | "correct">, selected: readonly string[]): QuizResult | null {
  if (selected.length === 0) return null;
  const text = (id: string) => quiz.variants.find((v) => v.id === id)?.text ?? "";
  const nonBlank = (s: string) => s.trim() !== "";
  const answers = selected.map(text).filter(nonBlank);
  return {
    type: "quiz",
    componentId,
    componentName: "tests",
    variants: quiz.variants.map((v) => v.text).filter(nonBlank),
    answers,
    passed: isQuizPassed(selected, quiz.correct),
    multiple: answers.length > 1,
  };
}
