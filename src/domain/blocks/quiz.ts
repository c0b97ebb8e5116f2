import { z } from "zod";
import { ZLabel, blockSchema } from "./common";

/**
 * The "tests" block: one question with variants, single or multiple choice, graded on the server
 * (issue 13): the correct ids and the explanation are stored with the block but never leave the
 * server before the learner answers (`publicQuizProps`); the quiz result's reply tells them. A block
 * without correct ids is a poll: every answer is fine, and the block shows how everyone answered.
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
    /** Ids of the correct variants; none makes the block a poll. Stripped from what readers get. */
    correct: z.array(z.string().min(1).max(60)).min(1).optional(),
    /** Shown with the result, whichever it is. Stripped from what readers get. */
    explanation: z.string().max(2000).optional(),
    /** Set by the server for readers: where the block's results go (results.ts ZDialogId). */
    dialogId: z.string().max(200).optional(),
  })
  .superRefine((q, ctx) => {
    const ids = q.variants.map((v) => v.id);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", path: ["variants"], message: "Variant ids must be unique" });
    if (!q.correct) return;
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

/** What a reader gets of a quiz: no correct ids, no explanation (told after answering), and where to send results. */
export function publicQuizProps(props: TQuizProps, dialogId: string): TQuizProps {
  const { correct: _correct, explanation: _explanation, ...rest } = props;
  return { ...rest, dialogId };
}

/** The server's grading: passed only with exactly the correct variants; null for a poll. */
export function gradeQuiz(props: Pick<TQuizProps, "correct">, selected: readonly string[]): boolean | null {
  return props.correct ? isQuizPassed(selected, props.correct) : null;
}
