import type { z } from "zod";
import { type TValidationError, ZErrorReplyBody, ZValidationDetails } from "../../domain/api-replies";
import { fetchReply } from "./fetch-reply";

/**
 * The browser's one client for our API. Every reply is read to the end (an unread body keeps a
 * no-store response open) and parsed with a schema of src/domain; failures come back as typed
 * errors, never as throws (an aborted request alone rethrows, for the caller that aborted it). A typed
 * 503 (the server shedding load) is asked once more when the request is safe to repeat (fetch-reply.ts).
 */

export type ApiErrorKind =
  /** The server answered with an error reply (or an error status without our body). */
  | "http"
  /** No reply: offline, DNS, connection reset. */
  | "network"
  /** A success status whose body is not what the schema says. */
  | "reply"
  /** Made in the browser by a screen (e.g. a step that got an unusable reply). */
  | "local";

export interface ApiError {
  kind: ApiErrorKind;
  /** The wire code (e.g. AUTH-BAD), or NETWORK, REPLY-INVALID, HTTP-{status} without our body. */
  code: string;
  /** Translation key of the message (may carry its namespace, e.g. errors:codes.INTERNAL). */
  key: string;
  message: string;
  validationErrors?: TValidationError[];
  /** The error body's details as sent (e.g. a draft conflict's newer revision); read them with a schema. */
  details?: unknown;
  /** HTTP status of the reply; 0 when none came. */
  status: number;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/** An ApiError as a throwable, for callers that must throw (TanStack Query's query functions). */
export class ApiFailure extends Error {
  constructor(readonly error: ApiError) {
    super(error.message || error.code);
    this.name = "ApiFailure";
  }
}

export function localError(code: string, key: string, message = ""): ApiError {
  return { kind: "local", code, key, message, status: 0 };
}

const NETWORK_ERROR: ApiError = { kind: "network", code: "NETWORK", key: "auth:errors.network", message: "Network error", status: 0 };
const FALLBACK_KEY = "errors:codes.INTERNAL";

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRequestOptions {
  /** Sent as JSON; none for a request without a body. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The server makes a repeat of this write harmless (a chat send's client-made id, marking given ids
   * read): after a 503 OVERLOADED it is retried once like a read. Other writes report the error at once.
   */
  idempotent?: boolean;
}

/** Options of a write sent through `api.post` / `api.send`. */
export type ApiWriteOptions = Pick<ApiRequestOptions, "idempotent">;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === "") return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** The typed error of a failed reply: our error body when it is one, else the status alone. */
function errorOf(res: Pick<Response, "status" | "statusText">, text: string): ApiError {
  const json = parseJson(text);
  const body = json.ok ? ZErrorReplyBody.safeParse(json.value) : null;
  if (!body?.success) return { kind: "http", code: `HTTP-${res.status}`, key: FALLBACK_KEY, message: res.statusText, status: res.status };
  const { code, key, message, details } = body.data.error;
  const validation = ZValidationDetails.safeParse(details);
  return {
    kind: "http",
    code,
    key,
    message,
    status: res.status,
    ...(validation.success ? { validationErrors: validation.data.validationErrors } : {}),
    ...(details !== undefined ? { details } : {}),
  };
}

export async function apiRequest<S extends z.ZodType>(
  method: ApiMethod,
  url: string,
  schema: S,
  opts: ApiRequestOptions = {},
): Promise<ApiResult<z.output<S>>> {
  const { body, signal, idempotent } = opts;
  let res: Response;
  let text: string;
  try {
    ({ res, text } = await fetchReply(url, {
      method,
      headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      idempotent,
    }));
  } catch (e) {
    if (signal?.aborted) throw e;
    return { ok: false, error: NETWORK_ERROR };
  }
  if (!res.ok) return { ok: false, error: errorOf(res, text) };
  const json = parseJson(text);
  const parsed = json.ok ? schema.safeParse(json.value) : null;
  if (!parsed?.success) {
    console.error(`Unexpected reply from ${method} ${url}`, parsed?.error ?? "not JSON");
    return {
      ok: false,
      error: { kind: "reply", code: "REPLY-INVALID", key: FALLBACK_KEY, message: "The server's reply was not understood", status: res.status },
    };
  }
  return { ok: true, data: parsed.data };
}

/**
 * The typed result of a reply read by other means than fetch (an XMLHttpRequest that reports upload
 * progress): the same parsing and errors as `apiRequest`. Status 0 means no reply came.
 */
export function resultOfReply<S extends z.ZodType>(status: number, statusText: string, text: string, schema: S): ApiResult<z.output<S>> {
  if (status === 0) return { ok: false, error: NETWORK_ERROR };
  if (status < 200 || status > 299) return { ok: false, error: errorOf({ status, statusText }, text) };
  const json = parseJson(text);
  const parsed = json.ok ? schema.safeParse(json.value) : null;
  if (!parsed?.success) {
    return { ok: false, error: { kind: "reply", code: "REPLY-INVALID", key: FALLBACK_KEY, message: "The server's reply was not understood", status } };
  }
  return { ok: true, data: parsed.data };
}

export const api = {
  get: <S extends z.ZodType>(url: string, schema: S, signal?: AbortSignal) => apiRequest("GET", url, schema, { signal }),
  post: <S extends z.ZodType>(url: string, schema: S, body?: unknown, opts?: ApiWriteOptions) => apiRequest("POST", url, schema, { body, ...opts }),
  send: <S extends z.ZodType>(method: ApiMethod, url: string, schema: S, body?: unknown, opts?: ApiWriteOptions) =>
    apiRequest(method, url, schema, { body, ...opts }),
};

/** For TanStack Query: the data, or an ApiFailure thrown. */
export async function orThrow<T>(result: Promise<ApiResult<T>>): Promise<T> {
  const res = await result;
  if (!res.ok) throw new ApiFailure(res.error);
  return res.data;
}
