import { AppError } from "../../../../domain/errors";
import type { TPageCreate, TPageModelRef, TStudioPage, TStudioPageSummary } from "../../../../domain/studio-pages";
import type { TUser } from "../../../../domain/user";
import { assertContentAuthor } from "../policy";
import type { PageDraftRow, PageStore } from "../pages-repo";
import { authorOf, type StudioContext } from "./context";
import { documentFromRows, modelOfRows, newDocument } from "./page-document";

const modelOfDraft = (d: PageDraftRow): TPageModelRef | null => (d.modelName && d.modelId ? ({ name: d.modelName, id: d.modelId } as TPageModelRef) : null);

/** Every page of the environment (type "page", model pages included), one entry per alias, drafts of new pages too; or only `alias`. */
export async function listPages(ctx: StudioContext, actor: TUser, only?: string): Promise<TStudioPageSummary[]> {
  assertContentAuthor(actor);
  const store = ctx.repo.pages;
  const [rows, drafts, versions] = await Promise.all([
    store.liveRows(ctx.environmentId, only),
    store.drafts(ctx.environmentId, only),
    store.lastVersions(ctx.environmentId, only),
  ]);
  const draftOf = new Map(drafts.map((d) => [d.alias, d]));
  const byAlias = new Map<string, typeof rows>();
  for (const row of rows) byAlias.set(row.alias, [...(byAlias.get(row.alias) ?? []), row]);
  const aliases = [...new Set([...byAlias.keys(), ...draftOf.keys()])].sort();
  return aliases.map((alias) => {
    const live = byAlias.get(alias) ?? [];
    const draft = draftOf.get(alias);
    const edited = [draft?.savedAt, ...live.map((r) => r.edited)].filter((d): d is Date => !!d).sort((a, b) => b.getTime() - a.getTime())[0]!;
    return {
      alias,
      model: draft ? modelOfDraft(draft) : modelOfRows(live),
      title: draft
        ? Object.fromEntries(Object.entries(draft.document.meta).map(([lang, m]) => [lang, m.title]))
        : Object.fromEntries(live.map((r) => [r.lang, r.title])),
      published: live.some((r) => r.published),
      hasDraft: !!draft,
      version: versions.get(alias) ?? null,
      edited: edited.toISOString(),
    };
  });
}

/** The draft of the alias if there is one, else the live page as a document (revision 0); 404 when neither. */
export async function getPage(ctx: StudioContext, actor: TUser, alias: string): Promise<TStudioPage> {
  assertContentAuthor(actor);
  return readPage(ctx, ctx.repo.pages, alias);
}

export async function readPage(ctx: StudioContext, store: PageStore, alias: string): Promise<TStudioPage> {
  const [draft, version] = await Promise.all([store.draft(ctx.environmentId, alias), store.lastVersion(ctx.environmentId, alias)]);
  if (draft) {
    return {
      alias,
      model: modelOfDraft(draft),
      document: draft.document,
      revision: draft.revision,
      version,
      draftSavedAt: draft.savedAt.toISOString(),
      draftSavedBy: (await store.person(draft.savedBy)) ?? { id: draft.savedBy, name: "" },
    };
  }
  const rows = await store.liveRowsOf(ctx.environmentId, alias);
  if (!rows.length) throw new AppError("NOT_FOUND", `No page '${alias}'`);
  const { langs, primaryLang } = await ctx.portalLangs();
  return {
    alias,
    model: modelOfRows(rows),
    document: documentFromRows(rows, langs, primaryLang),
    revision: 0,
    version,
    draftSavedAt: null,
    draftSavedBy: null,
  };
}

/**
 * A new page: a draft at revision 1 with its titles and no blocks; nothing is live until it is
 * published. A taken alias (any live row, template and system pages included, or a draft) is
 * PAGE-ALIAS-TAKEN; a model must be the portal's (NOT-FOUND) and have no page yet (PAGE-MODEL-TAKEN).
 */
export async function createPage(ctx: StudioContext, actor: TUser, body: TPageCreate): Promise<TStudioPage> {
  assertContentAuthor(actor);
  const { langs, primaryLang } = await ctx.portalLangs();
  const foreign = Object.keys(body.title).find((lang) => !langs.includes(lang));
  if (foreign) throw new AppError("UNSUPPORTED_LANG", `Language '${foreign}' is not one of ${langs.join(", ")}`);
  if (!body.title[primaryLang]) {
    throw new AppError("VALIDATION", `A title in the portal's primary language (${primaryLang}) is required`, {
      validationErrors: [{ path: `title.${primaryLang}`, message: "Required" }],
    });
  }
  const { alias, model } = body;
  return ctx.repo.draftChange(authorOf(ctx, actor), async (w) => {
    const store = w.pages;
    if (model) {
      if (!(await store.modelExists(ctx.portalId, model))) throw new AppError("NOT_FOUND", `No ${model.name} ${model.id}`);
      const taken = await store.aliasOfModel(ctx.environmentId, model);
      if (taken !== null) throw new AppError("PAGE_MODEL_TAKEN", `${model.name} ${model.id} has the page '${taken}'`, { alias: taken });
    }
    // The same lock as a rename's and a publish's: a page created under an alias being renamed to waits for it.
    await store.lockAlias(ctx.environmentId, alias);
    if (await store.aliasUsed(ctx.environmentId, alias)) throw new AppError("PAGE_ALIAS_TAKEN", `The alias '${alias}' is used`);
    const inserted = await store.insertDraft({
      environmentId: ctx.environmentId,
      alias,
      modelName: model?.name ?? null,
      modelId: model?.id ?? null,
      document: newDocument(body.title),
      revision: 1,
      savedBy: actor.id,
    });
    if (!inserted) throw new AppError("PAGE_ALIAS_TAKEN", `The alias '${alias}' is used`);
    await w.audit({ action: "page.create", entityType: "page", entityId: alias, summary: { langs: Object.keys(body.title).sort(), revision: 1 } });
    return readPage(ctx, store, alias);
  });
}
