import { z } from "zod";
import { ZAwardRef } from "../award-ref";
import { TEST_LIMITS, ZAssessmentId, ZQuestionKind, ZVerificationType } from "./definition";
import { ZText } from "../validation/safe-text";

/**
 * What replies say about a test. These schemas have no field for correct answers: a question's
 * correct variants appear only in the feedback of that question, after the learner answered it.
 */

export const ZPublicVariant = z.object({
  id: z.string(),
  text: z.string(),
  image: z.object({ url: z.string(), alt: z.string() }).nullable(),
});

export const ZPublicQuestion = z.object({
  id: z.string(),
  kind: ZQuestionKind,
  text: z.string(),
  variants: z.array(ZPublicVariant),
});
export type TPublicQuestion = z.infer<typeof ZPublicQuestion>;

/** A learner's answer as given. */
export const ZGivenAnswer = z.object({ variants: z.array(z.string()), text: z.string().nullable() });

/** Feedback on one answered question: only ever for a question the learner has answered. */
export const ZAnswerFeedback = z.object({
  questionId: z.string(),
  answer: ZGivenAnswer,
  /** null: a mentor has yet to decide (free text of a mentor-verified test). */
  correct: z.boolean().nullable(),
  feedback: z.string(),
  explanation: z.string(),
  /** The correct variants of a choice question, shown once it is answered. */
  correctVariants: z.array(z.string()),
  /** A mentor's comment on a free-text answer, once reviewed. */
  mentorComment: z.string().nullable(),
});
export type TAnswerFeedback = z.infer<typeof ZAnswerFeedback>;

export const ATTEMPT_STATUSES = ["in-progress", "submitted", "awaiting-mentor", "graded"] as const;
export const ZAttemptStatus = z.enum(ATTEMPT_STATUSES);
export type TAttemptStatus = z.infer<typeof ZAttemptStatus>;

/** start: no attempt yet; question: answering; review: all answered, not submitted; then awaiting-mentor or result. */
export const TEST_MODES = ["start", "question", "review", "awaiting-mentor", "result"] as const;
export const ZTestMode = z.enum(TEST_MODES);
export type TTestMode = z.infer<typeof ZTestMode>;

export const ZRetakeState = z.object({
  allowed: z.boolean(),
  reason: z.enum(["passed", "attempts", "cooldown", "pending"]).nullable(),
  availableAt: z.string().nullable(),
  attemptsLeft: z.number().int().nullable(),
});

/**
 * Seed 000 §3 test state (list, verificationType, isComplete, activeStep, session, nextStep, mode),
 * kept on the server per learner and element, with what the page shows around it.
 */
export const ZTestState = z.object({
  elementId: z.string(),
  passMark: z.number().int(),
  verificationType: ZVerificationType,
  /** How many questions an attempt has (drawn from the bank or all). */
  questionCount: z.number().int(),
  /** The questions of the current attempt, without answers. */
  list: z.array(ZPublicQuestion),
  /** The current attempt's id; null before the first attempt. */
  session: z.string().nullable(),
  attemptNumber: z.number().int().nullable(),
  /** Index in `list` of the question to show. */
  activeStep: z.number().int(),
  /** Index of the next unanswered question after the active one; null when none is left. */
  nextStep: z.number().int().nullable(),
  /** The current attempt is submitted. */
  isComplete: z.boolean(),
  mode: ZTestMode,
  answers: z.array(ZAnswerFeedback),
  result: z.object({ score: z.number().int(), passed: z.boolean().nullable(), status: ZAttemptStatus }).nullable(),
  /** The best graded attempt: it is the one that counts. */
  best: z.object({ score: z.number().int(), passed: z.boolean(), attemptNumber: z.number().int() }).nullable(),
  retake: ZRetakeState,
  /** A passed attempt exists: the element may be finished. */
  passed: z.boolean(),
});
export type TTestState = z.infer<typeof ZTestState>;

export const ZAnswerRequest = z
  .object({
    questionId: ZAssessmentId,
    variants: z.array(ZAssessmentId).max(TEST_LIMITS.variants).optional(),
    text: ZText.max(TEST_LIMITS.answerText).optional(),
  })
  .strict();
export type TAnswerRequest = z.infer<typeof ZAnswerRequest>;

export const ZAnswerReply = z.object({ feedback: ZAnswerFeedback, state: ZTestState });

/** Seed 000 §3 quiz and test result payload; tests also carry passed (and here the score). */
export const ZTestResult = z.object({
  id: z.string(),
  dialogId: z.string(),
  msgId: z.string(),
  text: z.string(),
  variants: z.array(z.string()),
  categoryId: z.string(),
  elementId: z.string(),
  sessionId: z.string().nullable(),
  email: z.string().nullable(),
  answers: z.array(z.object({ questionId: z.string(), variants: z.array(z.string()), text: z.string().nullable() })),
  multiple: z.boolean(),
  passed: z.boolean().nullable(),
  score: z.number().int(),
  createdAt: z.string(),
});
export type TTestResult = z.infer<typeof ZTestResult>;

/** `awards`: what this submission earned (a test passed with full marks), for the award-popup; empty on a repeat. */
export const ZSubmitReply = z.object({ state: ZTestState, result: ZTestResult, awards: z.array(ZAwardRef) });

/** Seed 000 §7 test-results identify: payload email and sessionId. */
export const ZIdentifyRequest = z.object({ email: ZText.min(3).max(254), sessionId: ZText.min(1).max(100) }).strict();
export const ZIdentifyReply = z.object({ attached: z.number().int() });

/** A free-text answer of a mentor-verified test waiting in the mentors' queue. */
export const ZReviewItem = z.object({
  attemptId: z.string(),
  questionId: z.string(),
  elementId: z.string(),
  courseId: z.string(),
  testTitle: z.string(),
  learner: z.object({ id: z.string(), name: z.string() }),
  question: z.string(),
  answer: z.string(),
  answeredAt: z.string(),
});
export type TReviewItem = z.infer<typeof ZReviewItem>;
export const ZReviewList = z.object({ items: z.array(ZReviewItem) });

/** Seed 000 §5: chat texts are at most 1500 characters; a mentor's comment follows the same limit. */
export const REVIEW_COMMENT_MAX = 1500;
export const ZReviewRequest = z.object({ passed: z.boolean(), comment: ZText.trim().min(1).max(REVIEW_COMMENT_MAX) }).strict();
export const ZReviewReply = z.object({
  attemptId: z.string(),
  questionId: z.string(),
  /** The attempt's status after this review: graded once no answer of it waits any more. */
  status: ZAttemptStatus,
  score: z.number().int().nullable(),
  passed: z.boolean().nullable(),
});
