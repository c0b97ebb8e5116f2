import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyServerOptions } from "fastify";

/**
 * Request ids (docs/decisions/0067-metrics-and-request-ids.md). A proxy's or client's `X-Request-Id`
 * is kept when it is a plain token (1-128 of A-Z a-z 0-9 . _ : -), so one id follows a request from
 * the edge through our logs; anything else (too long, control bytes, spaces, quotes: a way to forge
 * or break log lines) is replaced by a random UUID. Never a per-process counter: ids of two workers
 * or two restarts would collide. The id is every log line's `reqId`, the `X-Request-Id` reply header
 * and `error.requestId` in every error body (platform/errors.ts).
 */

export const REQUEST_ID_HEADER = "x-request-id";
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The incoming id when it is valid (one header, a plain token), else a new random one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Fastify constructor options: our generator, and never Fastify's unchecked use of the header. */
export const requestIdServerOptions: Pick<FastifyServerOptions, "genReqId" | "requestIdHeader"> = {
  requestIdHeader: false,
  genReqId: (req: IncomingMessage) => requestIdOf(req.headers[REQUEST_ID_HEADER]),
};

/**
 * Echoes the id on every reply. Set on the raw response, first of the onRequest hooks: replies
 * written straight to the socket from memory (platform/stored-reply.ts) keep it too, and the kept
 * head of a stored reply leaves it out, so a replayed page never carries another request's id.
 */
export function installRequestId(app: FastifyInstance) {
  app.addHook("onRequest", (req, reply, done) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, req.id);
    done();
  });
}
