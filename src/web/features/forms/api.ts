import type { TForm, TRecordCreated, TSearchOption } from "../../../domain/forms";
import { type ApiError, type ApiResult, postJson } from "../scenario/api";

async function getJson<T>(url: string, signal?: AbortSignal): Promise<ApiResult<T>> {
  try {
    const res = await fetch(url, { headers: { accept: "application/json" }, signal });
    const json = (await res.json().catch(() => ({}))) as { error?: ApiError };
    if (res.ok) return { ok: true, data: json as T };
    return { ok: false, error: { code: json.error?.code ?? `HTTP-${res.status}`, key: json.error?.key ?? "errors:codes.INTERNAL", message: json.error?.message ?? res.statusText } };
  } catch (e) {
    if (signal?.aborted) throw e;
    return { ok: false, error: { code: "NETWORK", key: "auth:errors.network", message: "Network error" } };
  }
}

export const fetchForm = (formId: string, lang: string, signal?: AbortSignal) =>
  getJson<TForm>(`/api/forms/${encodeURIComponent(formId)}?lang=${encodeURIComponent(lang)}`, signal);

export const searchOptions = (formId: string, fieldId: string, q: string, signal?: AbortSignal) =>
  getJson<TSearchOption[]>(`/api/forms/${encodeURIComponent(formId)}/fields/${encodeURIComponent(fieldId)}/options?q=${encodeURIComponent(q)}`, signal);

export const createRecord = (form: TForm, values: Record<string, unknown>) =>
  postJson<TRecordCreated>(`/api/data/${encodeURIComponent(form.dataSource.plural)}`, { formId: form.id, lang: form.lang, values });
