import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FastifyRequest } from "fastify";
import {
  ZAnswerReply,
  ZAnswerRequest,
  ZIdentifyReply,
  ZIdentifyRequest,
  ZReviewList,
  ZReviewReply,
  ZReviewRequest,
  ZSubmitReply,
  ZTestResult,
  ZTestState,
} from "../../../domain/assessment/public";
import { ZImportReply, ZImportRequest, ZTestStatistics } from "../../../domain/assessment/authoring";
import { IMPORT_MAX_CHARS } from "../../../domain/assessment/import";
import { TEST_PUT_BODY_LIMIT, ZTestEditor, ZTestPut } from "../../../domain/assessment/editor";
import { ZLang } from "../../../domain/course";
import { ZElementId } from "../../../domain/element";
import { AppError } from "../../../domain/errors";
import { requireSignedIn, requireUser } from "../../platform/auth/request-auth";
import { requestViewer } from "../../../domain/learning-access";
import { ZText } from "../../../domain/validation/safe-text";
import { ZErrorReply } from "../../platform/errors";
import type { AssessmentsService } from "./service";

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply, 429: ZErrorReply };
const element = z.object({ elementId: ZElementId });
const attempt = z.object({ attemptId: ZText.regex(/^tat_[a-z2-7]{20,40}$/) });
const lang = z.object({ lang: ZLang });
/** An answer is at most 2000 characters or a few variant ids: its request is small whatever it carries. */
export const ANSWER_BODY_LIMIT = 16 * 1024;

/** A registered account: a bad token is 401, a guest or an anonymous session 403 REGISTRATION-REQUIRED. */
async function account(req: FastifyRequest) {
  const user = await requireSignedIn(req, "Sign in first");
  if (user.status === "session") throw new AppError("REGISTRATION_REQUIRED", "Sign in first");
  return user;
}

const reviewParams = attempt.extend({
  questionId: ZText.min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});

/** docs/api/assessments.md: the test element (issue 13). Routes are thin: schema, who asks, one service call. */
export const assessmentsRoutes =
  (assessments: AssessmentsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/assessments/elements/:elementId",
      {
        schema: {
          tags: ["assessments"],
          operationId: "getTestState",
          summary: "The caller's test state (seed 000 §3): questions of the current attempt without answers, answered ones with feedback",
          description: "Needs the element to be open for the caller; correct answers appear only for questions already answered.",
          params: element,
          querystring: lang,
          response: { 200: ZTestState, ...errors },
        },
      },
      async (req) => assessments.state(requestViewer(await req.auth(), { badToken: "refuse" }), req.params.elementId, req.query.lang),
    );

    app.post(
      "/assessments/elements/:elementId/attempts",
      {
        schema: {
          tags: ["assessments"],
          operationId: "startTestAttempt",
          summary: "Start the first attempt, or resume the current one",
          description: "Idempotent: parallel calls make one attempt.",
          params: element,
          querystring: lang,
          response: { 200: ZTestState, ...errors },
        },
      },
      async (req) => assessments.start(requestViewer(await req.auth(), { badToken: "refuse" }), req.params.elementId, req.query.lang),
    );

    app.post(
      "/assessments/elements/:elementId/retake",
      {
        schema: {
          tags: ["assessments"],
          operationId: "retakeTest",
          summary: "A new attempt after a failed one, within the attempt limit and after the cool-down",
          description: "409 TEST-ALREADY-PASSED, TEST-ATTEMPTS-EXHAUSTED or TEST-AWAITING-MENTOR; 429 TEST-COOLDOWN with details.availableAt.",
          params: element,
          querystring: lang,
          response: { 200: ZTestState, ...errors },
        },
      },
      async (req) => assessments.retake(requestViewer(await req.auth(), { badToken: "refuse" }), req.params.elementId, req.query.lang),
    );

    app.post(
      "/assessments/attempts/:attemptId/answers",
      {
        bodyLimit: ANSWER_BODY_LIMIT,
        schema: {
          tags: ["assessments"],
          operationId: "answerTestQuestion",
          summary: "Answer one question: its feedback, explanation and correctness (choice questions also show their correct variants)",
          description: "One answer per question; variants for choice questions, text for free text.",
          params: attempt,
          querystring: lang,
          body: ZAnswerRequest,
          response: { 200: ZAnswerReply, ...errors },
        },
      },
      async (req) => assessments.answer(requestViewer(await req.auth(), { badToken: "refuse" }), req.params.attemptId, req.body, req.query.lang),
    );

    app.post(
      "/assessments/attempts/:attemptId/submit",
      {
        schema: {
          tags: ["assessments"],
          operationId: "submitTestAttempt",
          summary: "Submit: graded on the server; the test result (seed 000 §3 payload) is made once per attempt",
          description: "A repeated submission returns the same result. Free text of a mentor-verified test waits for a mentor.",
          params: attempt,
          querystring: lang,
          response: { 200: ZSubmitReply, ...errors },
        },
      },
      async (req) => {
        const auth = await req.auth();
        const viewer = requestViewer(auth, { badToken: "refuse" });
        const who = auth.kind === "user" ? { sessionId: auth.sessionId, email: auth.user.email ?? null } : { sessionId: null, email: null };
        return assessments.submit(viewer, req.params.attemptId, req.query.lang, who);
      },
    );

    app.get(
      "/assessments/test-results",
      {
        schema: {
          tags: ["assessments"],
          operationId: "listTestResults",
          summary: "The caller's own test results, newest first",
          description: "Signed-in learners only.",
          response: { 200: z.object({ items: z.array(ZTestResult) }), ...errors },
        },
      },
      async (req) => ({ items: await assessments.results(requestViewer(await req.auth(), { badToken: "refuse" })) }),
    );

    app.post(
      "/assessments/test-results/identify",
      {
        config: { auth: "user" },
        bodyLimit: ANSWER_BODY_LIMIT,
        schema: {
          tags: ["assessments"],
          operationId: "identifyTestResults",
          summary: "Seed 000 §7 test-results identify: the caller's results of a session get the profile's e-mail",
          description: "Only when the profile has an e-mail and it is the one given (403 IDENTIFY-EMAIL-MISMATCH otherwise).",
          body: ZIdentifyRequest,
          response: { 200: ZIdentifyReply, ...errors },
        },
      },
      async (req) => {
        const { user } = await requireUser(req);
        return assessments.identify(user.id, user.email ?? null, req.body);
      },
    );

    app.get(
      "/assessments/reviews",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["assessments"],
          operationId: "listTestReviews",
          summary: "The mentors' queue: free-text answers of mentor-verified tests waiting for a review, oldest first",
          description: "Mentors, mentor leaders and admins only (403 MENTORS-ONLY).",
          querystring: lang,
          response: { 200: ZReviewList, ...errors },
        },
      },
      async (req) => ({ items: await assessments.reviewQueue(await account(req), req.query.lang) }),
    );

    app.post(
      "/assessments/reviews/:attemptId/:questionId",
      {
        config: { auth: "signed-in" },
        bodyLimit: ANSWER_BODY_LIMIT,
        schema: {
          tags: ["assessments"],
          operationId: "reviewTestAnswer",
          summary: "Mark a waiting free-text answer passed or not, with a comment; the last review grades the attempt and notifies the learner",
          description: "404 REVIEW-NOT-FOUND for an unknown answer or one that never waited; 409 REVIEW-DONE for one already reviewed.",
          params: reviewParams,
          body: ZReviewRequest,
          response: { 200: ZReviewReply, ...errors },
        },
      },
      async (req) => assessments.review(await account(req), req.params.attemptId, req.params.questionId, req.body),
    );

    app.get(
      "/assessments/elements/:elementId/statistics",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["assessments"],
          operationId: "getTestStatistics",
          summary: "Per-question statistics for authors: answers, correct answers, how many chose each variant, average time to answer",
          description: "Portal admins, mp-admin and mp-leader only (403 AUTHORS-ONLY).",
          params: element,
          querystring: lang,
          response: { 200: ZTestStatistics, ...errors },
        },
      },
      async (req) => assessments.statistics(await account(req), req.params.elementId, req.query.lang),
    );

    app.post(
      "/assessments/elements/:elementId/import",
      {
        config: { auth: "signed-in" },
        // The text is at most IMPORT_MAX_CHARS characters; UTF-8 needs up to 4 bytes each, JSON escapes add some.
        bodyLimit: IMPORT_MAX_CHARS * 4 + 16 * 1024,
        schema: {
          tags: ["assessments"],
          operationId: "importTestQuestions",
          summary: "Import questions from CSV or GIFT (Moodle) into a test element's test, appended or replacing",
          description: "Any bad line refuses the whole import: 400 IMPORT-INVALID with details.errors [{line, message}]. Authors only.",
          params: element,
          body: ZImportRequest,
          response: { 200: ZImportReply, ...errors },
        },
      },
      async (req) => assessments.importQuestions(await account(req), req.params.elementId, req.body),
    );

    app.get(
      "/admin/elements/:elementId/test",
      {
        config: { auth: "user" },
        schema: {
          tags: ["studio"],
          operationId: "studioGetTest",
          summary: "The question editor's read: a test element's whole definition with correct answers, its revision and who saved it last",
          description:
            "Authors only: admin, mp-admin, mp-leader (AUTHORS-ONLY otherwise). 404 TEST-NOT-FOUND for an element that is not a test; definition null before the first save.",
          params: element,
          response: { 200: ZTestEditor, ...errors },
        },
      },
      async (req) => assessments.testEditor((await requireUser(req)).user, req.params.elementId),
    );

    app.put(
      "/admin/elements/:elementId/test",
      {
        config: { auth: "user" },
        bodyLimit: TEST_PUT_BODY_LIMIT,
        schema: {
          tags: ["studio"],
          operationId: "studioReplaceTest",
          summary:
            "Replace a test element's definition (questions, correct answers, pass mark, verification, retakes, draw) from the revision it was loaded at",
          description:
            "Authors only (AUTHORS-ONLY otherwise). A save from a stale baseRevision is 409 TEST-CONFLICT with details {revision, savedAt, savedBy}; nothing is written. Writes an audit row and bumps the content version. Learners' answers: docs/decisions/0053.",
          params: element,
          body: ZTestPut,
          response: { 200: ZTestEditor, ...errors, 413: ZErrorReply },
        },
      },
      async (req) => assessments.replaceTest((await requireUser(req)).user, req.params.elementId, req.body),
    );
  };
