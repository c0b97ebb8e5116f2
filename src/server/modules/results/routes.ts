import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ZInteractionResultReply,
  ZInteractionResultRequest,
  ZQuizAggregate,
  ZQuizAggregateQuery,
  ZQuizIdentifyReply,
  ZQuizIdentifyRequest,
  ZQuizResultReply,
  ZQuizResultRequest,
} from "../../../domain/results";
import { ZErrorReply } from "../../platform/errors";
import { rateLimit } from "../../platform/rate-limit";
import type { ResultsService } from "./service";

/** Results sent per client address and window: a class answering together, not a flood of rows. */
export const RESULTS_RATE_LIMIT = 240;
/** A result with every item at its longest fits; anything larger is 413 PAYLOAD-TOO-LARGE. */
export const RESULTS_BODY_LIMIT = 128 * 1024;

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply, 429: ZErrorReply };

/** Seed 000 §7: interaction results create, quiz results create, aggregate and identify. */
export const resultsRoutes =
  (results: ResultsService, windowMs: number): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/quiz-results",
      {
        config: rateLimit(RESULTS_RATE_LIMIT, windowMs),
        bodyLimit: RESULTS_BODY_LIMIT,
        schema: {
          tags: ["results"],
          operationId: "createQuizResult",
          summary: "Answer a quiz block: graded on the server; the reply tells whether it passed, the correct ids and the explanation",
          description:
            "Seed 000 §3 quiz result payload. A guest names its browser session (sessionId). Answers are variant ids of the block; empty or non-string texts and image crop details are removed (seed §5) and multiple is set from the answers. The key makes a retried send count once; the same key with other answers is 409 RESULT-KEY-CONFLICT.",
          body: ZQuizResultRequest,
          response: { 200: ZQuizResultReply, ...errors },
        },
      },
      async (req) => results.createQuizResult(await req.auth(), req.body),
    );

    app.get(
      "/quiz-results/aggregate",
      {
        schema: {
          tags: ["results"],
          operationId: "quizResultsAggregate",
          summary: "How everyone answered a quiz: per variant, learners and guest sessions counted once with their latest answer",
          description: "Readers of the quiz's page only; the realtime topic quiz:{dialogId}:{msgId} tells when it changed.",
          querystring: ZQuizAggregateQuery,
          response: { 200: ZQuizAggregate, ...errors },
        },
      },
      async (req) => results.quizAggregate(await req.auth(), req.query.dialogId, req.query.msgId),
    );

    app.post(
      "/quiz-results/identify",
      {
        config: rateLimit(RESULTS_RATE_LIMIT, windowMs),
        bodyLimit: RESULTS_BODY_LIMIT,
        schema: {
          tags: ["results"],
          operationId: "identifyQuizResults",
          summary: "Give a guest session's quiz and interaction results to the signed-in account",
          description: "Seed 000 §7: only for an account whose profile has that e-mail (else 403 IDENTIFY-EMAIL-MISMATCH).",
          body: ZQuizIdentifyRequest,
          response: { 200: ZQuizIdentifyReply, ...errors },
        },
      },
      async (req) => results.identify(await req.auth(), req.body),
    );

    app.post(
      "/interaction-results",
      {
        config: rateLimit(RESULTS_RATE_LIMIT, windowMs),
        bodyLimit: RESULTS_BODY_LIMIT,
        schema: {
          tags: ["results"],
          operationId: "createInteractionResult",
          summary: "Record an interactive block's result in an element the caller may open",
          description:
            "Seed 000 §3 interaction result payload; the browser queues and retries it every 15 s until it lands (seed §4). The key makes a retry count once.",
          body: ZInteractionResultRequest,
          response: { 200: ZInteractionResultReply, ...errors },
        },
      },
      async (req) => results.createInteractionResult(await req.auth(), req.body),
    );
  };
