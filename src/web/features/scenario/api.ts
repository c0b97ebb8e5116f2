export interface ApiError {
  code: string;
  key: string;
  message: string;
  validationErrors?: Array<{ path: string; message: string }>;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/** JSON POST to our API; network failures come back as an error, never as a throw. */
export function postJson<T>(url: string, body?: unknown): Promise<ApiResult<T>> {
  return sendJson<T>("POST", url, body);
}

export async function sendJson<T>(method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown): Promise<ApiResult<T>> {
  try {
    const res = await fetch(url, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as { error?: ApiError & { details?: { validationErrors?: ApiError["validationErrors"] } } };
    if (res.ok) return { ok: true, data: json as T };
    const e = json.error;
    return {
      ok: false,
      error: {
        code: e?.code ?? `HTTP-${res.status}`,
        key: e?.key ?? "errors:codes.INTERNAL",
        message: e?.message ?? res.statusText,
        validationErrors: e?.details?.validationErrors,
      },
    };
  } catch {
    return { ok: false, error: { code: "NETWORK", key: "auth:errors.network", message: "Network error" } };
  }
}
