import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions, HookHandlerDoneFunction } from "fastify";
import type { Socket } from "node:net";
import { AppError, type ErrorCode } from "../../domain/errors";
import { toLocation } from "../../domain/validation/location";
import { MSG } from "../../domain/validation/messages";
import { findUnsafeText, printableText } from "../../domain/validation/safe-text";
import { errorBody } from "./errors";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id";

/**
 * Bad input never reaches a service as a 500 (docs/decisions/0014). Three pieces:
 * - `inputGuard` (preValidation): every string of every request's params, query and parsed body,
 *   object keys included, obeys the shared safe-text rule before any schema or handler sees it;
 *   a backstop for schemas, which apply the same rule themselves (safeText / ZText).
 * - `methodGuard` (onRequest): TRACE and CONNECT answer 405 everywhere (the SSR adapter cannot
 *   even build a Fetch Request for them).
 * - Fastify's own replies (unknown route, bad URL, oversized headers) in the app's error shape.
 */

const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
const REFUSED_METHODS = new Set(["TRACE", "CONNECT", "TRACK"]);

export function methodGuard(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
  if (!REFUSED_METHODS.has(req.method)) return done();
  reply.header("allow", ALLOW);
  throw new AppError("METHOD_NOT_ALLOWED", `${req.method} is not allowed`);
}

const PARTS = ["params", "query", "body"] as const;
const PART_NAMES = { params: "params", query: "querystring", body: "body" } as const;

export function inputGuard(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  for (const part of PARTS) {
    const hit = findUnsafeText(req[part]);
    if (hit) {
      throw new AppError("VALIDATION", `Invalid ${PART_NAMES[part]}`, {
        validationErrors: [{ path: printableText(hit.path), message: MSG.unsafeText }],
      });
    }
  }
  done();
}

/**
 * Backstop for redirects: a Location with characters outside printable ASCII (a return address in
 * Cyrillic, say) is percent-encoded instead of making Node throw ERR_INVALID_CHAR. Routes call
 * toLocation themselves; this catches one that forgot.
 */
export function locationGuard(_req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) {
  const location = reply.getHeader("location");
  if (typeof location === "string" && !/^[\x21-\x7e]*$/.test(location)) reply.header("location", toLocation(location));
  done(null, payload);
}

/** Unknown non-page paths (and methods nobody routes) answer JSON in the app's shape. */
function notFound(req: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send(errorBody("NOT_FOUND", `No route ${req.method} ${printableText(req.url.split("?")[0] ?? "")}`, undefined, req.id));
}

/** Installs the hooks and the not-found handler; call once on the root instance, before routes. */
export function installInputGuard(app: FastifyInstance) {
  app.addHook("onRequest", methodGuard);
  app.addHook("preValidation", inputGuard);
  app.addHook("onSend", locationGuard);
  app.setNotFoundHandler(notFound);
}

/**
 * Fastify constructor options: malformed URLs (bad percent-encoding, over-long params) and
 * malformed HTTP (431 headers too large, 400) answered in the app's error shape.
 */
export const inputGuardServerOptions: Pick<FastifyServerOptions, "frameworkErrors" | "clientErrorHandler"> = {
  frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    // Before the onRequest hooks: the id's header is set here.
    reply.header(REQUEST_ID_HEADER, req.id);
    return reply.status(status).send(errorBody("VALIDATION", error.code === "FST_ERR_BAD_URL" ? "Malformed URL" : "Bad request", undefined, req.id));
  },
  clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
    if (err.code === "ECONNRESET" || socket.destroyed) return;
    const [status, code, text]: [number, ErrorCode, string] =
      err.code === "HPE_HEADER_OVERFLOW"
        ? [431, "HEADERS_TOO_LARGE", "Request Header Fields Too Large"]
        : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? [408, "VALIDATION", "Request Timeout"]
          : [400, "VALIDATION", "Bad Request"];
    // No request was parsed, so none had an id: this reply gets a new one.
    const requestId = requestIdOf(undefined);
    const body = JSON.stringify(errorBody(code, text, undefined, requestId));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(err);
  },
};
