import { AppError } from "../../../../domain/errors";
import {
  pageKindOf,
  type TPageCreate,
  type TPageModelRef,
  type TPageRef,
  type TPageType,
  type TStudioPage,
  type TStudioPageSummary,
} from "../../../../domain/studio-pages";
import type { TUser } from "../../../../domain/user";
import { assertContentAuthor } from "../policy";
import { rowsOfOneType, type PageDraftRow, type PageStore } from "../pages-repo";
import { authorOf, type StudioContext } from "./context";
import { documentFromRows, modelOfRows, newDocument } from "./page-document";

const modelOfDraft = (d: PageDraftRow): TPageModelRef | null => (d.modelName && d.modelId ? ({ name: d.modelName, id: d.modelId } as TPageModelRef) : null);
const keyOf = (ref: TPageRef) => `${ref.kind}:${ref.alias}`;

/** The audit log's entity of a page: templates apart, as a category's page and template share an alias. */
export const auditEntityOf = (ref: TPageRef) => ({ entityType: ref.kind === "template" ? "page-template" : "page", entityId: ref.alias });

/**
 * Every page of the environment (templates, system and model pages included), one entry per kind and
 * alias, drafts of new pages too; or only one page.
 */
export async function listPages(ctx: StudioContext, actor: TUser, only?: TPageRef): Promise<TStudioPageSummary[]> {
  assertContentAuthor(actor);
  const store = ctx.repo.pages;
  const [rows, drafts, versions] = await Promise.all([
    store.liveRows(ctx.environmentId, only),
    store.drafts(ctx.environmentId, only),
    store.lastVersions(ctx.environmentId, only),
  ]);
  const draftOf = new Map(drafts.map((d) => [keyOf(d), d]));
  const byKey = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = keyOf({ kind: pageKindOf(row.type), alias: row.alias });
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  for (const [key, of] of byKey) byKey.set(key, rowsOfOneType(of));
  const refs = [...new Set([...byKey.keys(), ...draftOf.keys()])].map((key): TPageRef => {
    const at = key.indexOf(":");
    return { kind: key.slice(0, at) as TPageRef["kind"], alias: key.slice(at + 1) };
  });
  refs.sort((a, b) => a.alias.localeCompare(b.alias) || a.kind.localeCompare(b.kind));
  return refs.map((ref) => {
    const live = byKey.get(keyOf(ref)) ?? [];
    const draft = draftOf.get(keyOf(ref));
    const edited = [draft?.savedAt, ...live.map((r) => r.edited)].filter((d): d is Date => !!d).sort((a, b) => b.getTime() - a.getTime())[0]!;
    return {
      alias: ref.alias,
      type: live[0]?.type ?? ref.kind,
      model: draft ? modelOfDraft(draft) : modelOfRows(live),
      title: draft
        ? Object.fromEntries(Object.entries(draft.document.meta).map(([lang, m]) => [lang, m.title]))
        : Object.fromEntries(live.map((r) => [r.lang, r.title])),
      published: live.some((r) => r.published),
      hasDraft: !!draft,
      version: versions.get(keyOf(ref)) ?? null,
      edited: edited.toISOString(),
    };
  });
}

/** The draft of the page if there is one, else the live page as a document (revision 0); 404 when neither. */
export async function getPage(ctx: StudioContext, actor: TUser, ref: TPageRef): Promise<TStudioPage> {
  assertContentAuthor(actor);
  return readPage(ctx, ctx.repo.pages, ref);
}

export async function readPage(ctx: StudioContext, store: PageStore, ref: TPageRef): Promise<TStudioPage> {
  const { kind, alias } = ref;
  const [draft, version, rows] = await Promise.all([
    store.draft(ctx.environmentId, kind, alias),
    store.lastVersion(ctx.environmentId, kind, alias),
    store.liveRowsOf(ctx.environmentId, kind, alias),
  ]);
  // A page never published is of its kind's type: system pages are never made, only edited.
  const type: TPageType = rows[0]?.type ?? kind;
  if (draft) {
    return {
      alias,
      type,
      model: modelOfDraft(draft),
      document: draft.document,
      revision: draft.revision,
      version,
      draftSavedAt: draft.savedAt.toISOString(),
      draftSavedBy: (await store.person(draft.savedBy)) ?? { id: draft.savedBy, name: "" },
    };
  }
  if (!rows.length) throw new AppError("NOT_FOUND", `No ${kind} '${alias}'`);
  const { langs, primaryLang } = await ctx.portalLangs();
  return {
    alias,
    type,
    model: modelOfRows(rows),
    document: documentFromRows(rows, langs, primaryLang),
    revision: 0,
    version,
    draftSavedAt: null,
    draftSavedBy: null,
  };
}

/**
 * A new page or template: a draft at revision 1 with its titles and no blocks; nothing is live until
 * it is published. An alias its kind already uses (a live page or system page for a page; a template
 * for a template; or a draft) is PAGE-ALIAS-TAKEN; a model must be the portal's (NOT-FOUND) and have
 * no page yet (PAGE-MODEL-TAKEN).
 */
export async function createPage(ctx: StudioContext, actor: TUser, body: TPageCreate): Promise<TStudioPage> {
  assertContentAuthor(actor);
  const { langs, primaryLang } = await ctx.portalLangs();
  const foreign = Object.keys(body.title).find((lang) => !langs.includes(lang));
  if (foreign) throw new AppError("UNSUPPORTED_LANG", `Language '${foreign}' is not one of ${langs.join(", ")}`);
  const { alias, model, kind } = body;
  // A plain page is addressed by language and needs the primary one; a model's page takes its model's
  // titles, which may be in any portal language (issue 28), and is read in any language it has.
  if (model ? !Object.values(body.title).some((t) => t.trim() !== "") : !body.title[primaryLang]) {
    throw new AppError("VALIDATION", `A title in the portal's primary language (${primaryLang}) is required`, {
      validationErrors: [{ path: `title.${primaryLang}`, message: "Required" }],
    });
  }
  return ctx.repo.draftChange(authorOf(ctx, actor), async (w) => {
    const store = w.pages;
    if (model) {
      if (!(await store.modelExists(ctx.portalId, model))) throw new AppError("NOT_FOUND", `No ${model.name} ${model.id}`);
      const taken = await store.aliasOfModel(ctx.environmentId, model);
      if (taken !== null) throw new AppError("PAGE_MODEL_TAKEN", `${model.name} ${model.id} has the page '${taken}'`, { alias: taken });
    }
    // The same lock as a rename's and a publish's: a page created under an alias being renamed to waits for it.
    await store.lockAlias(ctx.environmentId, kind, alias);
    if (await store.aliasUsed(ctx.environmentId, kind, alias)) throw new AppError("PAGE_ALIAS_TAKEN", `The alias '${alias}' is used`);
    const inserted = await store.insertDraft({
      environmentId: ctx.environmentId,
      kind,
      alias,
      modelName: model?.name ?? null,
      modelId: model?.id ?? null,
      document: newDocument(body.title),
      revision: 1,
      savedBy: actor.id,
    });
    if (!inserted) throw new AppError("PAGE_ALIAS_TAKEN", `The alias '${alias}' is used`);
    await w.audit({ action: "page.create", ...auditEntityOf({ kind, alias }), summary: { langs: Object.keys(body.title).sort(), revision: 1 } });
    return readPage(ctx, store, { kind, alias });
  });
}
