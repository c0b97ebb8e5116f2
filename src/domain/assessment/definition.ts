import { z } from "zod";
import { ZText } from "../validation/safe-text";

/**
 * A test (the element of type "test", issue 13): its questions, pass mark, verification and retake
 * policy. The definition holds the correct answers; it stays on the server. Every reply is built
 * from the public schemas in ./public.ts, which have no field for them.
 */

export const QUESTION_KINDS = ["single", "multiple", "text", "image"] as const;
export const ZQuestionKind = z.enum(QUESTION_KINDS);
export type TQuestionKind = z.infer<typeof ZQuestionKind>;

export const VERIFICATION_TYPES = ["automatic", "mentor"] as const;
export const ZVerificationType = z.enum(VERIFICATION_TYPES);
export type TVerificationType = z.infer<typeof ZVerificationType>;

/** Limits of a definition and of answers (bad input is refused, never truncated). */
export const TEST_LIMITS = {
  questions: 200,
  variants: 12,
  text: 2000,
  answerText: 2000,
  accepted: 20,
  id: 64,
  /** Languages of one text: no portal has more (a bound on the object, not on its strings). */
  langs: 20,
} as const;

/** Ids of questions and variants: short slugs, unique within their test or question. */
export const ZAssessmentId = ZText.min(1)
  .max(TEST_LIMITS.id)
  .regex(/^[A-Za-z0-9_-]+$/);

/** A text per language ({ en: "...", ar: "..." }), picked with `localized()`. */
export const ZLocalizedText = z
  .record(
    ZText.min(2)
      .max(10)
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,4})?$/),
    ZText.max(TEST_LIMITS.text),
  )
  .refine((v) => Object.keys(v).length <= TEST_LIMITS.langs, { message: `At most ${TEST_LIMITS.langs} languages` });

/** Some language has a text (a question or a variant must say something). */
const saysSomething = (v: Record<string, string>) => Object.values(v).some((x) => x.trim().length > 0);

export const ZVariantDef = z.object({
  id: ZAssessmentId,
  text: ZLocalizedText,
  /** Image choice: the picture of the variant and its alternative text. */
  image: z.object({ url: ZText.min(1).max(500), alt: ZLocalizedText }).optional(),
});
export type TVariantDef = z.infer<typeof ZVariantDef>;

export const ZQuestionDef = z
  .object({
    id: ZAssessmentId,
    kind: ZQuestionKind,
    text: ZLocalizedText,
    variants: z.array(ZVariantDef).max(TEST_LIMITS.variants).default([]),
    /** Choice kinds: the ids of the correct variants (one for single and image, one or more for multiple). */
    correct: z.array(ZAssessmentId).max(TEST_LIMITS.variants).default([]),
    /** Free text graded automatically: accepted answers (compared trimmed, case- and space-insensitive). */
    accepted: z.array(ZText.min(1).max(TEST_LIMITS.answerText)).max(TEST_LIMITS.accepted).default([]),
    feedback: z.object({ correct: ZLocalizedText.default({}), incorrect: ZLocalizedText.default({}) }).default({ correct: {}, incorrect: {} }),
    explanation: ZLocalizedText.default({}),
  })
  .superRefine((q, ctx) => {
    const ids = new Set(q.variants.map((v) => v.id));
    if (ids.size !== q.variants.length) ctx.addIssue({ code: "custom", message: "Variant ids repeat", path: ["variants"] });
    if (!saysSomething(q.text)) ctx.addIssue({ code: "custom", message: "The question has no text", path: ["text"] });
    if (new Set(q.correct).size !== q.correct.length) ctx.addIssue({ code: "custom", message: "A correct id repeats", path: ["correct"] });
    q.variants.forEach((v, i) => {
      if (!saysSomething(v.text) && !v.image) ctx.addIssue({ code: "custom", message: "The variant has no text", path: ["variants", i, "text"] });
    });
    if (q.kind !== "text" && q.accepted.length > 0)
      ctx.addIssue({ code: "custom", message: "Only a free-text question has accepted answers", path: ["accepted"] });
    if (q.kind === "text") {
      if (q.correct.length > 0) ctx.addIssue({ code: "custom", message: "A free-text question has no correct variants", path: ["correct"] });
      if (q.variants.length > 0) ctx.addIssue({ code: "custom", message: "A free-text question has no variants", path: ["variants"] });
      return;
    }
    if (q.variants.length < 2) ctx.addIssue({ code: "custom", message: "A choice question needs two variants or more", path: ["variants"] });
    if (q.correct.some((c) => !ids.has(c))) ctx.addIssue({ code: "custom", message: "A correct id names no variant", path: ["correct"] });
    if (q.kind !== "multiple" && q.correct.length !== 1) ctx.addIssue({ code: "custom", message: "Exactly one correct variant", path: ["correct"] });
    if (q.kind === "multiple" && q.correct.length < 1) ctx.addIssue({ code: "custom", message: "At least one correct variant", path: ["correct"] });
    if (q.kind === "image" && q.variants.some((v) => !v.image)) ctx.addIssue({ code: "custom", message: "Image variants need an image", path: ["variants"] });
  });
export type TQuestionDef = z.infer<typeof ZQuestionDef>;

export const ZRetakePolicy = z.object({
  /** Attempts in all; null: no limit. */
  attemptLimit: z.number().int().min(1).max(100).nullable().default(null),
  /** Seconds to wait after a graded attempt before the next one. */
  cooldownSeconds: z
    .number()
    .int()
    .min(0)
    .max(30 * 24 * 3600)
    .default(0),
});
export type TRetakePolicy = z.infer<typeof ZRetakePolicy>;

export const ZTestDefinition = z
  .object({
    /** Percent of correct answers needed to pass. */
    passMark: z.number().int().min(0).max(100),
    verificationType: ZVerificationType.default("automatic"),
    retake: ZRetakePolicy.default({ attemptLimit: null, cooldownSeconds: 0 }),
    /** Question bank: draw this many of `questions` per attempt (unseen first); null: all, in order. */
    draw: z.number().int().min(1).max(TEST_LIMITS.questions).nullable().default(null),
    questions: z.array(ZQuestionDef).min(1).max(TEST_LIMITS.questions),
  })
  .superRefine((t, ctx) => {
    if (new Set(t.questions.map((q) => q.id)).size !== t.questions.length)
      ctx.addIssue({ code: "custom", message: "Question ids repeat", path: ["questions"] });
    if (t.draw !== null && t.draw > t.questions.length)
      ctx.addIssue({ code: "custom", message: "Cannot draw more questions than the bank holds", path: ["draw"] });
    // Graded by the machine, a free-text question without accepted answers could never be right.
    if (t.verificationType === "automatic")
      t.questions.forEach((q, i) => {
        if (q.kind === "text" && q.accepted.length === 0)
          ctx.addIssue({ code: "custom", message: "An automatically graded free-text question needs an accepted answer", path: ["questions", i, "accepted"] });
      });
  });
export type TTestDefinition = z.infer<typeof ZTestDefinition>;
export type TTestDefinitionInput = z.input<typeof ZTestDefinition>;
