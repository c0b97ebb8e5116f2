import type { FastifyError, FastifyInstance } from "fastify";
import { ZErrorReplyBody } from "../../domain/api-replies";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { ReplySerializationError } from "./reply-serializer";
import { type AppError, ERROR_CODES, isAppError, type ErrorBody, wireCode } from "../../domain/errors";

/** The error reply every route declares (the same schema the browser's client parses). */
export const ZErrorReply = ZErrorReplyBody;

/**
 * The app's error shape for a typed code (also for replies Fastify makes itself, see input-guard.ts).
 * `requestId` is the request's id (platform/request-id.ts): every error a request gets carries it.
 */
export function errorBody(code: keyof typeof ERROR_CODES, message: string, details?: unknown, requestId?: string): ErrorBody {
  return { error: { code: wireCode(code), message, key: ERROR_CODES[code].key, ...(details ? { details } : {}), ...(requestId ? { requestId } : {}) } };
}

/** One error shape for the whole API: typed code, HTTP status, language-pack key, safe message. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const body = (code: keyof typeof ERROR_CODES, message: string, details?: unknown) => errorBody(code, message, details, req.id);
    if (isAppError(err)) {
      if (err.status >= 500) req.log.error({ err }, "request failed");
      return reply.status(err.status).send(body(err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // Seed 001 §8: a validationErrors list, one entry (and one notice) per message; the message is
      // the language-pack key of the rule that failed.
      const validationErrors = err.validation.map((v) => ({ path: v.instancePath.replace(/^\//, "").replace(/\//g, "."), message: v.message ?? "" }));
      return reply.status(400).send(body("VALIDATION", `Invalid ${err.validationContext ?? "request"}`, { validationErrors }));
    }
    if (err instanceof ReplySerializationError || isResponseSerializationError(err)) {
      req.log.error({ err }, "response did not match its schema");
      return reply.status(500).send(body("INTERNAL", "Internal server error"));
    }
    if (err.statusCode === 429) return reply.status(429).send(body("RATE_LIMITED", "Too many requests"));
    if (err.statusCode === 413) return reply.status(413).send(body("PAYLOAD_TOO_LARGE", err.message));
    if (err.statusCode === 415) return reply.status(415).send(body("UNSUPPORTED_MEDIA_TYPE", err.message));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send(body("VALIDATION", err.message));
    }
    // Never the error itself as the message: a failed query's message carries its parameters
    // (the logger's err serializer redacts them, see platform/log-redaction.ts).
    req.log.error({ err }, "request failed");
    return reply.status(500).send(body("INTERNAL", "Internal server error"));
  });
}
