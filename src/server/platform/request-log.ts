import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";

/**
 * One log line per request (docs/decisions/0067-metrics-and-request-ids.md), written when the reply
 * is done, in place of Fastify's two ("incoming request", "request completed"): method, URL (cut, see
 * `truncateForLog`), status, time and the request's id (`reqId`, on every line of the request).
 * Routes with `config: { log: false }` (liveness and readiness probes, asked every few seconds) write
 * none; an error they raise is still logged by the error handler.
 */

declare module "fastify" {
  interface FastifyContextConfig {
    /** false: no request line for this route (probes). Errors are logged all the same. */
    log?: boolean;
  }
}

/** Longest URL kept in a log line. */
export const LOG_URL_MAX = 200;
/** Longest body (or other free text) kept in a log line. */
export const LOG_TEXT_MAX = 1_000;

/** `text` cut to `max` characters with an ellipsis and its original length, so a 200 kB URL costs a log line of 200. */
export function truncateForLog(text: string, max: number = LOG_URL_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}

/** What a log line says of a request: never its headers (cookies, tokens), its URL cut. */
export function serializeRequest(req: Pick<FastifyRequest, "method" | "url" | "ip"> & { host?: string }) {
  return { method: req.method, url: truncateForLog(req.url ?? ""), host: req.host, remoteAddress: req.ip };
}

/** A body (when something logs one): as JSON, cut to LOG_TEXT_MAX. */
export function serializeBody(body: unknown): string {
  let text: string;
  try {
    text = typeof body === "string" ? body : (JSON.stringify(body) ?? String(body));
  } catch {
    text = String(body);
  }
  return truncateForLog(text, LOG_TEXT_MAX);
}

/**
 * Fastify's log controller with one line per request: nothing on arrival, the line when the reply is
 * done (an error that broke the reply off is logged as Fastify does). Every other log of Fastify's
 * (errors, 404s) is kept. Labels the request id `reqId` on every line of the request.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    if (req.routeOptions.config?.log === false) return;
    // `req` and `res` go through the logger's serializers (serializeRequest; Fastify's status code).
    if (error) req.log.error({ req, res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    else req.log.info({ req, res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}

/** Fastify constructor option: the request log above. */
export const requestLogServerOptions: Pick<FastifyServerOptions, "logController"> = {
  logController: new OneLinePerRequest({ requestIdLogLabel: "reqId" }),
};
