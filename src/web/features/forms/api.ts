import { type TForm, ZForm, ZRecordCreated, ZSearchOption } from "../../../domain/forms";
import { api } from "../../lib/api";

const ZSearchOptions = ZSearchOption.array();

export const fetchForm = (formId: string, lang: string, signal?: AbortSignal) =>
  api.get(`/api/forms/${encodeURIComponent(formId)}?lang=${encodeURIComponent(lang)}`, ZForm, signal);

export const searchOptions = (formId: string, fieldId: string, q: string, signal?: AbortSignal) =>
  api.get(`/api/forms/${encodeURIComponent(formId)}/fields/${encodeURIComponent(fieldId)}/options?q=${encodeURIComponent(q)}`, ZSearchOptions, signal);

export const createRecord = (form: TForm, values: Record<string, unknown>) =>
  api.post(`/api/data/${encodeURIComponent(form.dataSource.plural)}`, ZRecordCreated, { formId: form.id, lang: form.lang, values });
