import { AppError } from "../../../../domain/errors";
import type { TPageDocument, TPageModelRef, TPageRef } from "../../../../domain/studio-pages";
import type { TUser } from "../../../../domain/user";
import { assertContentAuthor } from "../policy";
import type { PageDraftRow, PageStore } from "../pages-repo";
import type { StudioWrites } from "../repo";
import { authorOf, type StudioContext } from "./context";
import { checkDocument, documentLangs, modelOfRows, publishedDocument, rowsFromDocument } from "./page-document";
import { auditEntityOf } from "./pages";

export const PAGE_VERSIONS_MAX = 100;

/** The 409 of a save or publish from a stale revision: who saved the newer draft, and when. */
async function conflict(store: PageStore, draft: PageDraftRow | null): Promise<AppError> {
  const details = draft
    ? {
        revision: draft.revision,
        savedAt: draft.savedAt.toISOString(),
        savedBy: (await store.person(draft.savedBy)) ?? { id: draft.savedBy, name: "" },
      }
    : { revision: 0, savedAt: null, savedBy: null };
  return new AppError("DRAFT_CONFLICT", `The draft is at revision ${details.revision}`, details);
}

/**
 * Saves the designer's document as the alias's draft. The draft row is locked (SELECT ... FOR UPDATE)
 * and the update is conditional on the revision: of two saves from the same revision one wins, the
 * other is DRAFT-CONFLICT with the winner's revision, time and author. The first save of a live page
 * (baseRevision 0) creates its draft. Drafts are not content readers see: no content version bump.
 */
export async function saveDraft(ctx: StudioContext, actor: TUser, ref: TPageRef, baseRevision: number, document: TPageDocument) {
  assertContentAuthor(actor);
  const { langs } = await ctx.portalLangs();
  const clean = checkDocument(document, langs);
  const { kind, alias } = ref;
  return ctx.repo.draftChange(authorOf(ctx, actor), async (w) => {
    const store = w.pages;
    const draft = await store.draft(ctx.environmentId, kind, alias, { lock: true });
    let saved: PageDraftRow | null;
    if (draft) {
      if (draft.revision !== baseRevision) throw await conflict(store, draft);
      saved = await store.updateDraft(ctx.environmentId, kind, alias, baseRevision, clean, actor.id);
    } else {
      const live = await store.liveRowsOf(ctx.environmentId, kind, alias);
      if (!live.length) throw new AppError("NOT_FOUND", `No ${kind} '${alias}'`);
      if (baseRevision !== 0) throw await conflict(store, null);
      const model = modelOfRows(live);
      saved = await store.insertDraft({
        environmentId: ctx.environmentId,
        kind,
        alias,
        modelName: model?.name ?? null,
        modelId: model?.id ?? null,
        document: clean,
        revision: 1,
        savedBy: actor.id,
      });
    }
    if (!saved) throw await conflict(store, await store.draft(ctx.environmentId, kind, alias));
    await w.audit({
      action: "page.save-draft",
      ...auditEntityOf(ref),
      summary: { langs: documentLangs(clean), blocks: clean.blocks.length, revision: saved.revision },
    });
    return { revision: saved.revision, savedAt: saved.savedAt.toISOString() };
  });
}

/** Throws the draft away; the live page stays as it is. */
export async function discardDraft(ctx: StudioContext, actor: TUser, ref: TPageRef): Promise<void> {
  assertContentAuthor(actor);
  const { kind, alias } = ref;
  await ctx.repo.draftChange(authorOf(ctx, actor), async (w) => {
    const draft = await w.pages.draft(ctx.environmentId, kind, alias, { lock: true });
    if (!draft || !(await w.pages.deleteDraft(ctx.environmentId, kind, alias))) throw new AppError("NOT_FOUND", `No draft of '${alias}'`);
    await w.audit({ action: "page.discard", ...auditEntityOf(ref), summary: { revision: draft.revision } });
  });
}

/**
 * Makes a document the live page, as version N+1: one row per language with meta (ids kept, new ones
 * `{kind}-{alias}-{lang}`), rows of languages no longer in meta removed; a page keeps its type (a
 * system page stays one); a model's page is written published (publishedDocument). Runs inside a content change, so every instance's cache serves the new page
 * on its next read.
 */
async function goLive(ctx: StudioContext, w: StudioWrites, actor: TUser, ref: TPageRef, model: TPageModelRef | null, document: TPageDocument) {
  const { kind, alias } = ref;
  const doc = publishedDocument(document, model);
  const { primaryLang } = await ctx.portalLangs();
  // A plain page is addressed by language and needs the primary one (seed 7). A model's page is read
  // in any language it has (getByModel's fallback), so a lesson titled in the author's language only
  // publishes (issue 28: new courses and elements take a title in any portal language).
  const missing = model ? Object.keys(doc.meta).length === 0 : !doc.meta[primaryLang];
  if (missing) {
    throw new AppError("PAGE_META_MISSING", `Publishing needs the page's title in ${primaryLang}`, {
      validationErrors: [{ path: `document.meta.${primaryLang}.title`, message: "Required" }],
    });
  }
  const store = w.pages;
  await store.lockAlias(ctx.environmentId, kind, alias);
  const existing = await store.liveRowsOf(ctx.environmentId, kind, alias);
  const type = existing[0]?.type ?? kind;
  const index = existing[0]?.index ?? 0;
  const rows = rowsFromDocument(doc, primaryLang);
  for (const { lang, write } of rows) {
    const row = existing.find((r) => r.lang === lang);
    if (row) await store.updateLive(row.id, write);
    else {
      const id = `${kind}-${alias}-${lang}`;
      await store.insertLive([id, `${id}-${ctx.environmentId}`, `${id}-${crypto.randomUUID()}`], {
        ...write,
        id,
        environmentId: ctx.environmentId,
        alias,
        type,
        modelName: model?.name ?? null,
        modelId: model?.id ?? null,
        index,
      });
    }
  }
  await store.deleteLiveExcept(
    ctx.environmentId,
    type,
    alias,
    rows.map((r) => r.lang),
  );
  const version = ((await store.lastVersion(ctx.environmentId, kind, alias)) ?? 0) + 1;
  const publishedAt = new Date();
  await store.insertVersion({
    environmentId: ctx.environmentId,
    kind,
    alias,
    version,
    modelName: model?.name ?? null,
    modelId: model?.id ?? null,
    document: doc,
    publishedBy: actor.id,
    publishedAt,
  });
  return { version, publishedAt: publishedAt.toISOString() };
}

/** Publishes the draft at `revision` (DRAFT-CONFLICT if it moved on) and removes it. */
export async function publishPage(ctx: StudioContext, actor: TUser, ref: TPageRef, revision: number) {
  assertContentAuthor(actor);
  const { kind, alias } = ref;
  return ctx.repo.change(authorOf(ctx, actor), async (w) => {
    const draft = await w.pages.draft(ctx.environmentId, kind, alias, { lock: true });
    if (!draft) {
      if (!(await w.pages.liveRowsOf(ctx.environmentId, kind, alias)).length) throw new AppError("NOT_FOUND", `No draft of '${alias}'`);
      throw await conflict(w.pages, null);
    }
    if (draft.revision !== revision) throw await conflict(w.pages, draft);
    const model = draft.modelName && draft.modelId ? ({ name: draft.modelName, id: draft.modelId } as TPageModelRef) : null;
    const published = await goLive(ctx, w, actor, ref, model, draft.document);
    await w.pages.deleteDraft(ctx.environmentId, kind, alias);
    await w.audit({
      action: "page.publish",
      ...auditEntityOf(ref),
      summary: { langs: Object.keys(draft.document.meta).sort(), blocks: draft.document.blocks.length, revision, version: published.version },
    });
    return published;
  });
}

/** The alias's published versions, newest first. */
export async function listPageVersions(ctx: StudioContext, actor: TUser, ref: TPageRef) {
  assertContentAuthor(actor);
  const { kind, alias } = ref;
  const store = ctx.repo.pages;
  const rows = await store.versions(ctx.environmentId, kind, alias, PAGE_VERSIONS_MAX);
  if (!rows.length && !(await store.liveRowsOf(ctx.environmentId, kind, alias)).length && !(await store.draft(ctx.environmentId, kind, alias))) {
    throw new AppError("NOT_FOUND", `No ${kind} '${alias}'`);
  }
  return {
    versions: rows.map((r) => ({
      version: r.version,
      publishedAt: r.publishedAt.toISOString(),
      publishedBy: r.userId ? { id: r.userId, name: r.name } : null,
    })),
  };
}

/**
 * Publishes an earlier version's document again, as a new version. A draft in progress is left as
 * it is (docs/decisions/0048): restoring is a publish of history, not an edit of the draft.
 */
export async function restorePageVersion(ctx: StudioContext, actor: TUser, ref: TPageRef, version: number) {
  assertContentAuthor(actor);
  return ctx.repo.change(authorOf(ctx, actor), async (w) => {
    const old = await w.pages.version(ctx.environmentId, ref.kind, ref.alias, version);
    if (!old) throw new AppError("NOT_FOUND", `No version ${version} of '${ref.alias}'`);
    const model = old.modelName && old.modelId ? ({ name: old.modelName, id: old.modelId } as TPageModelRef) : null;
    const published = await goLive(ctx, w, actor, ref, model, old.document);
    await w.audit({
      action: "page.restore",
      ...auditEntityOf(ref),
      summary: { langs: Object.keys(old.document.meta).sort(), blocks: old.document.blocks.length, version: published.version, restoredFrom: version },
    });
    return published;
  });
}
