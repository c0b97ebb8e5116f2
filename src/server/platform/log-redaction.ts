import { stdSerializers, type DestinationStream } from "pino";
import { devLogStream } from "./dev-log";
import { serializeBody, serializeRequest } from "./request-log";

/**
 * Logs never carry query parameters (security review, "Low"). A failed Drizzle query is a
 * DrizzleQueryError whose message, stack and `params` hold every bound value: password hashes,
 * e-mail addresses, tokens. The database's own error (its `cause`) can quote a value too: pg's
 * `detail` ("Key (email)=(ann@example.com) already exists") and messages such as
 * `invalid input syntax for type integer: "..."`. Everything that reaches a log goes through
 * `redactError`: the `err` serializer of the app's logger and the error handler both use it.
 */

const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n {4}at |$)/;
const QUOTED_INPUT = /((?:syntax|value) for (?:type )?[\w ]+: )"[\s\S]*"/;
/** Properties of driver errors that quote row values. */
const VALUE_FIELDS = ["params", "parameters", "detail", "where", "internalQuery", "query"];

function scrubText(s: string): string {
  return s.replace(PARAMS_LINE, "\nparams: [redacted]").replace(QUOTED_INPUT, '$1"[redacted]"');
}

/** A copy of an error (and its causes) that is safe to log; the original is left untouched. */
export function redactError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 5) return err;
  const copy = new Error(scrubText(err.message)) as Error & Record<string, unknown>;
  copy.name = err.name;
  copy.stack = err.stack ? scrubText(err.stack) : undefined;
  for (const [k, v] of Object.entries(err)) {
    if (VALUE_FIELDS.includes(k)) continue;
    copy[k] = typeof v === "string" ? scrubText(v) : v;
  }
  if ("query" in err && typeof err.query === "string") copy.query = err.query;
  if (err.cause !== undefined) copy.cause = redactError(err.cause, depth + 1);
  return copy;
}

/** pino's error serializer over a redacted copy. */
export function serializeError(err: unknown) {
  return stdSerializers.err(redactError(err) as Error);
}

/**
 * Logger options of the app for Fastify: JSON lines (production, tests), or one readable line each
 * with `readable` (development, platform/dev-log.ts); `stream` replaces stdout (tests read it).
 * Requests are logged with their URL cut and never their headers, bodies cut (platform/request-log.ts).
 */
export function loggerOptions(level: string, opts: { readable?: boolean; stream?: DestinationStream } = {}) {
  const stream = opts.readable ? devLogStream(opts.stream) : opts.stream;
  return {
    level,
    serializers: { err: serializeError, error: serializeError, req: serializeRequest, body: serializeBody },
    ...(stream ? { stream } : {}),
  };
}
