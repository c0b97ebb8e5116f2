import { z } from "zod";
import {
  type TPageCreate,
  type TPageDocument,
  type TPageModelRef,
  ZDraftSaved,
  ZPageInUse,
  ZPageRename,
  ZPageVersions,
  ZPersonRef,
  ZPublished,
  ZStudioPage,
  ZStudioPageSummary,
} from "../../../domain/studio-pages";
import { api, type ApiResult } from "../../lib/api";

/*
 * The studio pages API as the designer calls it (src/domain/studio-pages.ts, issue 15): every call of
 * the page screens is here, so the screens' tests and the merge have one place to look.
 */

const pagePath = (alias: string) => `/api/admin/pages/${encodeURIComponent(alias)}`;

export const ZStudioPageList = z.object({ pages: z.array(ZStudioPageSummary) });

/** GET /api/admin/pages. */
export const listPages = (signal?: AbortSignal) => api.get("/api/admin/pages", ZStudioPageList, signal);

/** POST /api/admin/pages (409 PAGE-ALIAS-TAKEN). */
export const createPage = (body: TPageCreate) => api.post("/api/admin/pages", ZStudioPage, body);

/** GET /api/admin/pages/{alias}: the draft, or the live page as a document. */
export const getPage = (alias: string, signal?: AbortSignal) => api.get(pagePath(alias), ZStudioPage, signal);

/** PUT /api/admin/pages/{alias}/draft: 409 DRAFT-CONFLICT (details: ZDraftConflict) when the draft moved on. */
export const saveDraft = (alias: string, baseRevision: number, document: TPageDocument) =>
  api.send("PUT", `${pagePath(alias)}/draft`, ZDraftSaved, { baseRevision, document });

/** DELETE /api/admin/pages/{alias}/draft: back to the published page. */
export const discardDraft = (alias: string) => api.send("DELETE", `${pagePath(alias)}/draft`, z.unknown());

/** POST /api/admin/pages/{alias}/publish. */
export const publishPage = (alias: string, revision: number) => api.post(`${pagePath(alias)}/publish`, ZPublished, { revision });

/** GET /api/admin/pages/{alias}/versions, newest first. */
export const listVersions = (alias: string, signal?: AbortSignal) => api.get(`${pagePath(alias)}/versions`, ZPageVersions, signal);

/** POST /api/admin/pages/{alias}/versions/{version}/restore: published again as a new version. */
export const restoreVersion = (alias: string, version: number) => api.post(`${pagePath(alias)}/versions/${version}/restore`, ZPublished);

/** POST /api/admin/pages/{alias}/rename (409 PAGE-ALIAS-TAKEN, PAGE-IN-USE with details: ZPageInUse). */
export const renamePage = (alias: string, to: string) => api.post(`${pagePath(alias)}/rename`, ZPageRename, { alias: to });

/** DELETE /api/admin/pages/{alias}: live rows, draft and versions (409 PAGE-IN-USE with details: ZPageInUse). */
export const deletePage = (alias: string) => api.send("DELETE", pagePath(alias), z.unknown());

/** What a PAGE-IN-USE names (navigation items, courses, ...); empty for any other answer. */
export function pageUsages(details: unknown) {
  const parsed = ZPageInUse.safeParse(details);
  return parsed.success ? parsed.data.usages : [];
}

/** GET /api/admin/pages?model={name}:{id}: the model's page, if it has one (the server looks it up). */
export const pagesOfModel = (model: TPageModelRef, signal?: AbortSignal) =>
  api.get(`/api/admin/pages?model=${encodeURIComponent(`${model.name}:${model.id}`)}`, ZStudioPageList, signal);

/** A DRAFT-CONFLICT's details: who saved the newer draft, when, and its revision. */
export const ZDraftConflict = z.object({ revision: z.number().int().min(0), savedAt: z.string(), savedBy: ZPersonRef.nullable() });

export type SaveOutcome =
  | { kind: "saved"; revision: number; savedAt: string }
  | { kind: "conflict"; revision: number; savedAt: string; savedBy: { id: string; name: string } | null }
  | { kind: "failed"; errorKey: string; validationErrors?: { path: string; message: string }[] };

/** A save's answer as the autosave reads it. */
export function saveOutcome(res: ApiResult<z.infer<typeof ZDraftSaved>>): SaveOutcome {
  if (res.ok) return { kind: "saved", ...res.data };
  if (res.error.code === "DRAFT-CONFLICT") {
    const details = ZDraftConflict.safeParse(res.error.details);
    if (details.success) return { kind: "conflict", ...details.data };
  }
  return { kind: "failed", errorKey: res.error.key, ...(res.error.validationErrors ? { validationErrors: res.error.validationErrors } : {}) };
}

/** The alias a model's new page gets: its kind and id in the alias's alphabet. */
export function modelPageAlias(model: TPageModelRef, attempt = 0): string {
  const id = model.id.toLowerCase().replace(/[^a-z0-9_-]+/g, "-");
  return `${model.name}-${id}`.slice(0, 100) + (attempt ? `-${attempt + 1}` : "");
}

/**
 * The alias of the page bound to a course, element or microcourse, making the page (a draft titled
 * `title`) when the model has none yet. A taken alias gets a numbered one.
 */
export async function modelPage(model: TPageModelRef, title: Record<string, string>): Promise<ApiResult<string>> {
  const found = await pagesOfModel(model);
  if (!found.ok) return found;
  const bound = found.data.pages[0];
  if (bound) return { ok: true, data: bound.alias };
  for (let attempt = 0; ; attempt++) {
    const made = await createPage({ alias: modelPageAlias(model, attempt), title, model });
    if (made.ok) return { ok: true, data: made.data.alias };
    if (made.error.code !== "PAGE-ALIAS-TAKEN" || attempt >= 4) return made;
  }
}
