import { AppError } from "../../../domain/errors";
import {
  FORM_MSG,
  localizeField,
  REMOTE_SEARCH_LIMIT,
  REMOTE_SEARCH_MIN_CHARS,
  ZStoredFormField,
  type TDataSource,
  type TForm,
  type TRecordCreated,
  type TSearchOption,
  type TStoredFormField,
} from "../../../domain/forms";
import { localized } from "../../../domain/localized";
import { buildFormSchema } from "../../../domain/validation/dynamic-form";
import { issuesOf } from "../../../domain/validation/messages";
import type { PortalLangs } from "../pages/service";
import type { DataSourceRow, FormRow, FormsRepo } from "./repo";

export interface CreateRecordInput {
  plural: string;
  formId: string;
  /** Language of the field names in validation messages; the primary language when absent. */
  lang?: string;
  values: Record<string, unknown>;
  userId: string;
  missionaryId: string | null;
}

function presentDataSource(row: DataSourceRow): TDataSource {
  return { id: row.id, plural: row.plural, fields: row.fields };
}

/** Stored schemas come from the database: a field that no longer parses is left out, not trusted. */
function storedFields(form: FormRow): TStoredFormField[] {
  return form.schema.flatMap((f) => {
    const parsed = ZStoredFormField.safeParse(f);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The seed's validationErrors list: one entry per failing field, paths as in the request body. */
function invalid(message: string, errors: Array<{ path: string; key: string; params?: Record<string, number | string> }>): AppError {
  return new AppError("VALIDATION", message, {
    validationErrors: errors.map((e) => ({ path: e.path ? `values.${e.path}` : "values", message: e.key, ...(e.params ? { params: e.params } : {}) })),
  });
}

export function createFormsService(deps: { repo: FormsRepo; environmentId: string; portalLangs: () => Promise<PortalLangs> }) {
  const { repo, environmentId } = deps;

  async function language(lang: string | undefined): Promise<{ lang: string; primaryLang: string }> {
    const { langs, primaryLang } = await deps.portalLangs();
    if (lang === undefined) return { lang: primaryLang, primaryLang };
    if (!langs.includes(lang)) throw new AppError("UNSUPPORTED_LANG", `Language '${lang}' is not one of ${langs.join(", ")}`);
    return { lang, primaryLang };
  }

  async function formRow(id: string): Promise<FormRow> {
    const form = await repo.findForm(environmentId, id);
    if (!form) throw new AppError("NOT_FOUND", `No form '${id}'`);
    return form;
  }

  async function dataSourceRow(id: string): Promise<DataSourceRow> {
    const ds = await repo.findDataSource(environmentId, id);
    if (!ds) throw new AppError("NOT_FOUND", `No data source '${id}'`);
    return ds;
  }

  return {
    /** Seed 001 §7 "get form": texts and fields in one language, with the data source it writes to. */
    async getForm(id: string, langParam: string): Promise<TForm> {
      const { lang, primaryLang } = await language(langParam);
      const form = await formRow(id);
      const ds = await dataSourceRow(form.dataSourceId);
      return {
        id: form.id,
        lang,
        title: localized(form.title, lang, primaryLang),
        subtitle: localized(form.subtitle, lang, primaryLang) || null,
        buttonText: localized(form.buttonText, lang, primaryLang),
        dataSource: presentDataSource(ds),
        fields: storedFields(form).map((f) => localizeField(f, lang, primaryLang)),
      };
    },

    /** Seed 001 §7 "get data source": its name and field types, never its records. */
    async getDataSource(id: string): Promise<TDataSource> {
      return presentDataSource(await dataSourceRow(id));
    },

    /**
     * Seed 001 §7 "create a record in the data source's plural collection". The answers are checked
     * against the form's field schema (the same zod schema the browser used); a bad payload writes
     * nothing. Hidden fields come from the caller (the route's policy), never from `values`.
     */
    async createRecord(input: CreateRecordInput): Promise<TRecordCreated> {
      const { lang, primaryLang } = await language(input.lang);
      const ds = await repo.findDataSourceByPlural(environmentId, input.plural);
      if (!ds) throw new AppError("NOT_FOUND", `No data source '${input.plural}'`);
      const form = await formRow(input.formId);
      if (form.dataSourceId !== ds.id) throw new AppError("VALIDATION", `Form '${form.id}' does not write to '${ds.plural}'`);

      const stored = storedFields(form);
      const result = buildFormSchema(stored.map((f) => localizeField(f, lang, primaryLang))).safeParse(input.values);
      if (!result.success) throw invalid("The record does not match the form", issuesOf(result.error));
      const answers = Object.fromEntries(Object.entries(result.data).filter((e): e is [string, string | boolean] => e[1] !== undefined));

      const missing: Array<{ path: string; key: string }> = [];
      for (const field of stored) {
        const value = answers[field.name];
        if (field.component !== "remote-search" || typeof value !== "string" || !field.props.search) continue;
        if (!(await repo.recordExists(field.props.search.dataSourceId, value))) missing.push({ path: field.name, key: FORM_MSG.option });
      }
      if (missing.length) throw invalid("A chosen option does not exist", missing);

      const row = await repo.insertRecord({
        dataSourceId: ds.id,
        formId: form.id,
        values: answers,
        userId: input.userId,
        missionaryId: input.missionaryId,
      });
      return {
        id: row.id,
        dataSourceId: ds.id,
        formId: form.id,
        createdAt: row.createdAt.toISOString(),
        values: { ...row.values, userId: row.userId, missionaryId: row.missionaryId },
      };
    },

    /**
     * Options of a remote-search field: records of the data source the field names whose label
     * contains `q`. Only fields declared as remote search can be searched, and only their label
     * field is returned, so no other record data can be read through this door.
     */
    async searchOptions(formId: string, fieldId: string, q: string): Promise<TSearchOption[]> {
      const form = await formRow(formId);
      const field = storedFields(form).find((f) => f.id === fieldId);
      if (!field || field.component !== "remote-search" || !field.props.search) {
        throw new AppError("NOT_FOUND", `Form '${formId}' has no remote-search field '${fieldId}'`);
      }
      const query = q.trim();
      if ([...query].length < REMOTE_SEARCH_MIN_CHARS) {
        throw new AppError("VALIDATION", `Search needs at least ${REMOTE_SEARCH_MIN_CHARS} characters`);
      }
      const source = await dataSourceRow(field.props.search.dataSourceId);
      const rows = await repo.searchRecords(source.id, field.props.search.labelField, query, REMOTE_SEARCH_LIMIT);
      return rows.map((r) => ({ value: r.id, label: r.label }));
    },
  };
}
export type FormsService = ReturnType<typeof createFormsService>;
