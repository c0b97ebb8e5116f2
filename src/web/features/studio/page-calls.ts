import { z } from "zod";
import {
  type TPageCreateBody,
  type TPageDocument,
  type TPageModelRef,
  type TPageRef,
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

/** `?kind=template` names a template; a page (or system page) otherwise (src/domain/studio-pages.ts). */
const kindQuery = (target: TPageRef) => (target.kind === "template" ? "?kind=template" : "");
/** The studio API's address of a page or template, with a sub-path. */
const pageUrl = (target: TPageRef, sub = "") => `/api/admin/pages/${encodeURIComponent(target.alias)}${sub}${kindQuery(target)}`;
/** The designer's own address of a page or template (`sub`: "/preview" for its preview). */
export const designerHref = (lang: string, target: TPageRef, sub = "") => `/${lang}/studio/pages/${encodeURIComponent(target.alias)}${sub}${kindQuery(target)}`;

export const ZStudioPageList = z.object({ pages: z.array(ZStudioPageSummary) });

/** GET /api/admin/pages. */
export const listPages = (signal?: AbortSignal) => api.get("/api/admin/pages", ZStudioPageList, signal);

/** POST /api/admin/pages (409 PAGE-ALIAS-TAKEN). */
export const createPage = (body: TPageCreateBody) => api.post("/api/admin/pages", ZStudioPage, body);

/** GET /api/admin/pages/{alias}: the draft, or the live page as a document. */
export const getPage = (target: TPageRef, signal?: AbortSignal) => api.get(pageUrl(target), ZStudioPage, signal);

/** PUT /api/admin/pages/{alias}/draft: 409 DRAFT-CONFLICT (details: ZDraftConflict) when the draft moved on. */
export const saveDraft = (target: TPageRef, baseRevision: number, document: TPageDocument) =>
  api.send("PUT", pageUrl(target, "/draft"), ZDraftSaved, { baseRevision, document });

/** DELETE /api/admin/pages/{alias}/draft: back to the published page. */
export const discardDraft = (target: TPageRef) => api.send("DELETE", pageUrl(target, "/draft"), z.unknown());

/** POST /api/admin/pages/{alias}/publish. */
export const publishPage = (target: TPageRef, revision: number) => api.post(pageUrl(target, "/publish"), ZPublished, { revision });

/** GET /api/admin/pages/{alias}/versions, newest first. */
export const listVersions = (target: TPageRef, signal?: AbortSignal) => api.get(pageUrl(target, "/versions"), ZPageVersions, signal);

/** POST /api/admin/pages/{alias}/versions/{version}/restore: published again as a new version. */
export const restoreVersion = (target: TPageRef, version: number) => api.post(pageUrl(target, `/versions/${version}/restore`), ZPublished);

/** POST /api/admin/pages/{alias}/rename (409 PAGE-ALIAS-TAKEN, PAGE-IN-USE with details: ZPageInUse). */
export const renamePage = (target: TPageRef, to: string) => api.post(pageUrl(target, "/rename"), ZPageRename, { alias: to });

/** DELETE /api/admin/pages/{alias}: live rows, draft and versions (409 PAGE-IN-USE with details: ZPageInUse). */
export const deletePage = (target: TPageRef) => api.send("DELETE", pageUrl(target), z.unknown());

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
