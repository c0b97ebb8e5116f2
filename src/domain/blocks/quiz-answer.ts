import type { TQuizProps } from "./quiz";

/*
 * The quiz block's answer, apart from its schema (quiz.ts): the browser's quiz block imports this,
 * and a module with a zod schema at its top would bring zod's 24 kB (brotli) into every page with a quiz.
 */

/** What a quiz's answer sends (seed 3): the question, the variants and the chosen ones, with ids and texts. */
export interface QuizAnswer {
  text: string;
  variants: { id: string; text: string }[];
  answers: { id: string; text: string }[];
  multiple: boolean;
}

/**
 * The answer to report, or null when nothing was selected (seed 5: senders skip sending then).
 * Blank texts are dropped by the shared cleaning (results.ts cleanItems); the multiple flag is set
 * when more than one answer was given.
 */
export function quizAnswer(quiz: Pick<TQuizProps, "question" | "variants">, selected: readonly string[]): QuizAnswer | null {
  if (selected.length === 0) return null;
  const variants = quiz.variants.map((v) => ({ id: v.id, text: v.text }));
  const answers = variants.filter((v) => selected.includes(v.id));
  if (answers.length === 0) return null;
  return { text: quiz.question, variants, answers, multiple: answers.length > 1 };
}
