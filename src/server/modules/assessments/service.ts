import type { TTestDefinition } from "../../../domain/assessment/definition";
import type { TAnswerRequest, TTestResult, TTestState } from "../../../domain/assessment/public";
import type { TAwardRef } from "../../../domain/award-ref";
import {
  answerProblem,
  drawQuestions,
  gradeAnswer,
  hasFullMarks,
  mayFinishElement,
  passes,
  retakeRefusal,
  scoreOf,
  type AnswerInput,
} from "../../../domain/assessment/rules";
import type { TElementType } from "../../../domain/element";
import { AppError } from "../../../domain/errors";
import { assertMayOpen, isAdmin, type TViewer } from "../../../domain/learning-access";
import { localized } from "../../../domain/localized";
import { elementStates } from "../../../domain/progress";
import { base32Id } from "../../platform/ids";
import type { CoursesService } from "../courses/service";
import type { ViewerProgress } from "../progress/service";
import { feedbackOf, presentResult, presentState, type Lang } from "./present";
import type { AssessmentsRepo, AttemptRow } from "./repo";
import { createReviews, type ReviewDeps } from "./reviews";
import { createAuthoring } from "./authoring";

export interface AssessmentsDeps {
  repo: AssessmentsRepo;
  courses: Pick<CoursesService, "lang" | "elementStructure">;
  viewerProgress: Pick<ViewerProgress, "storedMap">;
  /** The portal the audit rows of authors' test changes belong to. */
  portalId: string;
  notifications: ReviewDeps["notifications"];
  bus: ReviewDeps["bus"];
  packs: ReviewDeps["packs"];
  /** Told after a grading commits with full marks (modules/rewards grants); answers the awards this call granted. */
  onFullMarks?: FullMarksHook;
  now?: () => Date;
  random?: () => number;
}

/** Who submits: the request's session and the profile's e-mail go into the test result (seed 000 §3). */
export interface Submitter {
  sessionId: string | null;
  email: string | null;
}

type Learner = Exclude<TViewer, { kind: "guest" }>;

/**
 * Tests that grade (issue 13): attempts, answers with feedback, grading on the server from the
 * stored correct answers, results, retakes, and the finishing rule the progress service asks.
 */
export function createAssessmentsService(deps: AssessmentsDeps) {
  const { repo, courses } = deps;
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;

  /**
   * THE access rule of a test: the content rule of its element (sign in, bought, open in the
   * learner's states), and the element must be a test with questions.
   */
  async function openTest(viewer: TViewer, elementId: string) {
    const s = await courses.elementStructure(elementId, { unpublished: isAdmin(viewer) });
    const map = await deps.viewerProgress.storedMap(viewer, s.course.id);
    const state = elementStates(s.elements, map, s.course.arbitraryWalkthrough).find((e) => e.id === elementId)?.state ?? null;
    assertMayOpen(viewer, s.course, s.element, state);
    if (viewer.kind === "guest") throw new AppError("REGISTRATION_REQUIRED", "Sign in to take the test", { elementId });
    if (s.element.type !== "test") throw new AppError("TEST_NOT_FOUND", `Element ${elementId} is not a test`);
    const def = await repo.definition(elementId);
    if (!def) throw new AppError("TEST_NOT_FOUND", `Element ${elementId} has no test`);
    return { s, def, viewer: viewer as Learner };
  }

  /** The caller's own attempt; another learner's looks like a missing one. */
  async function ownAttempt(viewer: TViewer, attemptId: string): Promise<AttemptRow> {
    if (viewer.kind === "guest") throw new AppError("REGISTRATION_REQUIRED", "Sign in to take the test");
    const a = await repo.attempt(attemptId);
    if (!a || a.userId !== viewer.id) throw new AppError("TEST_ATTEMPT_NOT_FOUND", "No such attempt");
    return a;
  }

  async function stateOf(userId: string, elementId: string, def: TTestDefinition, l: Lang): Promise<TTestState> {
    const attempts = await repo.attempts(userId, elementId);
    const current = attempts.at(-1);
    const answers = current ? await repo.answers(current.id) : [];
    return presentState(elementId, def, attempts, answers, l, now());
  }

  async function newAttempt(userId: string, elementId: string, courseId: string, def: TTestDefinition, number: number, lang: string) {
    const questionIds = drawQuestions(def, await repo.seenCounts(userId, elementId), random);
    // A parallel start or retake made it first: the unique indexes keep one.
    await repo.insertAttempt({ id: base32Id("tat_"), userId, elementId, courseId, number, questionIds, lang, startedAt: now() });
  }
  const authoring = createAuthoring({ repo, courses, portalId: deps.portalId });
  /**
   * An attempt graded with full marks earns its awards. Asked on every submission of such an attempt,
   * not only the grading one: the grant is idempotent, and a repeat heals a grant lost after the commit.
   */
  const fullMarks = (a: Pick<AttemptRow, "userId" | "courseId" | "elementId" | "status" | "score">): Promise<TAwardRef[]> =>
    hasFullMarks(a) && deps.onFullMarks ? deps.onFullMarks(a.userId, a.courseId, a.elementId) : Promise.resolve([]);
  const reviews = createReviews({ repo, courses, notifications: deps.notifications, bus: deps.bus, packs: deps.packs, now, fullMarks });

  return {
    openTest,
    /** The mentors' queue of free-text answers, and their reviews (./reviews.ts). */
    reviewQueue: reviews.queue,
    review: reviews.review,
    /** Authors: per-question statistics and imports from CSV and GIFT (./authoring.ts). */
    statistics: authoring.statistics,
    importQuestions: authoring.import,
    /** The studio's question editor: the whole definition, and its replacement from a revision (./authoring.ts). */
    testEditor: authoring.editor,
    replaceTest: authoring.replace,

    /** The learner's test state (GET, and the element page's loader). */
    async state(viewer: TViewer, elementId: string, lang: string): Promise<TTestState> {
      const l = await courses.lang(lang);
      const t = await openTest(viewer, elementId);
      return stateOf(t.viewer.id, elementId, t.def, l);
    },

    /** Start or resume: the first attempt is made on the first call; later calls return the state. */
    async start(viewer: TViewer, elementId: string, lang: string): Promise<TTestState> {
      const l = await courses.lang(lang);
      const t = await openTest(viewer, elementId);
      const attempts = await repo.attempts(t.viewer.id, elementId);
      if (attempts.length === 0) await newAttempt(t.viewer.id, elementId, t.s.course.id, t.def, 1, l.lang);
      return stateOf(t.viewer.id, elementId, t.def, l);
    },

    /** Another attempt after a failed one, as the retake policy allows; an open attempt is resumed. */
    async retake(viewer: TViewer, elementId: string, lang: string): Promise<TTestState> {
      const l = await courses.lang(lang);
      const t = await openTest(viewer, elementId);
      const attempts = await repo.attempts(t.viewer.id, elementId);
      if (attempts.length > 0 && !attempts.some((a) => a.status === "in-progress")) {
        const refusal = retakeRefusal(t.def.retake, attempts, now());
        if (refusal?.reason === "passed") throw new AppError("TEST_ALREADY_PASSED", "The test is passed");
        if (refusal?.reason === "pending") throw new AppError("TEST_AWAITING_MENTOR", "An attempt waits for a mentor");
        if (refusal?.reason === "attempts") throw new AppError("TEST_ATTEMPTS_EXHAUSTED", `At most ${refusal.limit} attempts`, { limit: refusal.limit });
        if (refusal?.reason === "cooldown") {
          throw new AppError("TEST_COOLDOWN", "Wait before the next attempt", { availableAt: refusal.availableAt.toISOString() });
        }
        await newAttempt(t.viewer.id, elementId, t.s.course.id, t.def, Math.max(...attempts.map((a) => a.number)) + 1, l.lang);
      } else if (attempts.length === 0) {
        await newAttempt(t.viewer.id, elementId, t.s.course.id, t.def, 1, l.lang);
      }
      return stateOf(t.viewer.id, elementId, t.def, l);
    },

    /** One answer to one question of an open attempt: feedback, explanation and correctness of that question only. */
    async answer(viewer: TViewer, attemptId: string, body: TAnswerRequest, lang: string) {
      const l = await courses.lang(lang);
      const attempt = await ownAttempt(viewer, attemptId);
      const t = await openTest(viewer, attempt.elementId);
      const q = t.def.questions.find((x) => x.id === body.questionId);
      if (!q || !attempt.questionIds.includes(q.id)) throw new AppError("TEST_ANSWER_INVALID", "The question is not part of this attempt");
      const input: AnswerInput = { variants: body.variants ?? [], text: body.text ?? null };
      const problem = answerProblem(q, input);
      if (problem) throw new AppError("TEST_ANSWER_INVALID", problem, { questionId: q.id });
      const row = await repo.transaction(async (tx) => {
        const locked = await tx.lockAttempt(attemptId);
        if (!locked || locked.status !== "in-progress") throw new AppError("TEST_ATTEMPT_CLOSED", "The attempt is submitted");
        const prior = await tx.answers(attemptId);
        const at = now();
        const since = prior.at(-1)?.answeredAt ?? locked.startedAt;
        const answer = {
          attemptId,
          questionId: q.id,
          elementId: attempt.elementId,
          variants: input.variants,
          text: input.text,
          correct: gradeAnswer(q, input, t.def.verificationType),
          durationMs: Math.max(0, Math.min(at.getTime() - since.getTime(), 2_000_000_000)),
          answeredAt: at,
        };
        if (!(await tx.insertAnswer(answer))) throw new AppError("TEST_ALREADY_ANSWERED", "The question is already answered", { questionId: q.id });
        return { ...answer, awaitingReview: false, reviewedBy: null, reviewComment: null, reviewedAt: null };
      });
      return { feedback: feedbackOf(q, row, l), state: await stateOf(t.viewer.id, attempt.elementId, t.def, l) };
    },

    /**
     * Submit: graded on the server from the stored answers; the test result is made once per attempt
     * (parallel submissions queue on the attempt's row lock; the later ones return the same result).
     */
    async submit(viewer: TViewer, attemptId: string, lang: string, who: Submitter): Promise<{ state: TTestState; result: TTestResult; awards: TAwardRef[] }> {
      const l = await courses.lang(lang);
      const attempt = await ownAttempt(viewer, attemptId);
      const t = await openTest(viewer, attempt.elementId);
      const graded = await repo.transaction(async (tx) => {
        const locked = await tx.lockAttempt(attemptId);
        if (!locked) throw new AppError("TEST_ATTEMPT_NOT_FOUND", "No such attempt");
        if (locked.status !== "in-progress") return locked;
        const answers = new Map((await tx.answers(attemptId)).map((a) => [a.questionId, a]));
        // A question removed by an author since the attempt began is neither asked nor graded (docs/decisions/0053).
        const live = new Set(t.def.questions.map((q) => q.id));
        const graded = locked.questionIds.filter((id) => live.has(id));
        const missing = graded.filter((id) => !answers.has(id));
        if (missing.length > 0) throw new AppError("TEST_INCOMPLETE", `${missing.length} questions are not answered`, { missing });
        const correct = graded.map((id) => answers.get(id)!.correct);
        const pending = graded.filter((id) => answers.get(id)!.correct === null);
        const score = scoreOf(correct);
        const passed = pending.length > 0 ? null : passes(score, t.def.passMark);
        const at = now();
        const status = pending.length > 0 ? ("awaiting-mentor" as const) : ("graded" as const);
        await tx.markAwaitingReview(attemptId, pending);
        await tx.updateAttempt(attemptId, { status, score, passed, submittedAt: at, gradedAt: pending.length > 0 ? null : at });
        const given = graded.map((id) => ({ questionId: id, variants: answers.get(id)!.variants, text: answers.get(id)!.text }));
        await tx.insertResult({
          id: base32Id("trs_"),
          attemptId,
          userId: locked.userId,
          elementId: locked.elementId,
          dialogId: locked.elementId,
          msgId: attemptId,
          text: localized(t.s.element.title, l.lang, l.primaryLang),
          variants: graded,
          categoryId: t.s.course.categoryId,
          sessionId: who.sessionId,
          email: who.email,
          answers: given,
          multiple: given.length > 1,
          passed,
          score,
          createdAt: at,
        });
        return { ...locked, status, score };
      });
      const awards = await fullMarks(graded);
      const result = await repo.result(attemptId);
      return { state: await stateOf(t.viewer.id, attempt.elementId, t.def, l), result: presentResult(result!), awards };
    },

    /** The learner's own test results, newest first. */
    async results(viewer: TViewer): Promise<TTestResult[]> {
      if (viewer.kind === "guest") throw new AppError("UNAUTHORIZED", "Sign in to see your results");
      return (await repo.resultsOf(viewer.id)).map(presentResult);
    },

    /**
     * THE finishing rule's check (domain mayFinishElement): the progress service's finish and sync
     * paths call it; a test element with questions needs a passed attempt.
     */
    async assertMayFinish(learnerId: string, element: { id: string; type: TElementType }): Promise<void> {
      if (element.type !== "test") return;
      const def = await repo.definition(element.id);
      const passed = def ? await repo.passedAny(learnerId, element.id) : false;
      if (!mayFinishElement(element, { exists: !!def, passed })) {
        throw new AppError("TEST_NOT_PASSED", `Pass the test ${element.id} to finish it`, { elementId: element.id });
      }
    },

    /**
     * Seed 000 §7 test-results identify: the caller's results of that session get the profile's
     * e-mail; only when the profile has one and it is the one given.
     */
    async identify(userId: string, profileEmail: string | null, body: { email: string; sessionId: string }): Promise<{ attached: number }> {
      const norm = (s: string) => s.trim().toLowerCase();
      if (!profileEmail || norm(profileEmail) !== norm(body.email)) throw new AppError("IDENTIFY_EMAIL_MISMATCH", "Not the profile's e-mail");
      return { attached: await repo.identify(userId, body.sessionId, norm(profileEmail)) };
    },

    /** The auth module's hook: a guest's session user became this account (registration keeps its id). */
    async guestAttached(userId: string, email: string | null): Promise<void> {
      if (email) await repo.fillEmail(userId, email.trim().toLowerCase());
    },

    /** Stores (or replaces) the test of an element: the demo seed and the import use it. */
    saveDefinition: (elementId: string, def: TTestDefinition) => repo.saveDefinition(elementId, def),
  };
}
export type AssessmentsService = ReturnType<typeof createAssessmentsService>;
/** What main.ts wires to the rewards service: the learner, the attempt's course and test element. */
export type FullMarksHook = (userId: string, courseId: string, elementId: string) => Promise<TAwardRef[]>;
