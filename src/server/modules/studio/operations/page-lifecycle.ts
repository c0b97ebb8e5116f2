import { AppError } from "../../../../domain/errors";
import type { TPageModelRef, TPageRef, TPageType, TPageUsage, TStudioPageSummary } from "../../../../domain/studio-pages";
import type { TUser } from "../../../../domain/user";
import { assertContentAuthor } from "../policy";
import type { LivePageRow, PageDraftRow } from "../pages-repo";
import type { StudioWrites } from "../repo";
import { authorOf, type StudioContext } from "./context";
import { auditEntityOf, listPages } from "./pages";

/*
 * A page's life after creation (issue 15, docs/decisions/0054): renaming its alias, deleting it, and
 * finding the page of a course, element or microcourse without listing every page.
 */

/**
 * The alias's live rows, draft and type, or 404. System pages (404, access-denied) are drawn by the
 * portal itself under their aliases: they are edited and published, never renamed or deleted.
 */
async function existing(ctx: StudioContext, w: StudioWrites, ref: TPageRef): Promise<{ live: LivePageRow[]; draft: PageDraftRow | null; type: TPageType }> {
  const { kind, alias } = ref;
  const [live, draft] = await Promise.all([w.pages.liveRowsOf(ctx.environmentId, kind, alias), w.pages.draft(ctx.environmentId, kind, alias, { lock: true })]);
  if (!live.length && !draft) throw new AppError("NOT_FOUND", `No ${kind} '${alias}'`);
  const type = live[0]?.type ?? kind;
  if (type === "system") throw new AppError("PAGE_SYSTEM", `'${alias}' is a system page: the portal draws it under that alias`);
  return { live, draft, type };
}

function inUse(alias: string, usages: TPageUsage[]): AppError {
  const named = usages.map((u) => `${u.kind} ${u.id}`).join(", ");
  return new AppError("PAGE_IN_USE", `The page '${alias}' is used by ${named}`, { usages });
}

/**
 * Gives the page a new alias: its live rows, draft and versions move together, in one content change
 * with its audit row. Refused (409 PAGE-IN-USE naming them) while a navigation item, course, microcourse
 * or video event names the old alias: those are changed by whoever may change them, never behind
 * their back (docs/decisions/0054). A taken alias is PAGE-ALIAS-TAKEN; renaming to itself changes nothing.
 */
export async function renamePage(ctx: StudioContext, actor: TUser, ref: TPageRef, to: string): Promise<{ alias: string }> {
  assertContentAuthor(actor);
  const { kind, alias } = ref;
  if (to === alias) {
    // Nothing moves: no content change, no audit row; only whether the page exists.
    const store = ctx.repo.pages;
    if (!(await store.liveRowsOf(ctx.environmentId, kind, alias)).length && !(await store.draft(ctx.environmentId, kind, alias))) {
      throw new AppError("NOT_FOUND", `No ${kind} '${alias}'`);
    }
    return { alias };
  }
  return ctx.repo.change(authorOf(ctx, actor), async (w) => {
    // Both aliases, in one order, so two renames crossing each other queue instead of deadlocking.
    for (const a of [alias, to].sort()) await w.pages.lockAlias(ctx.environmentId, kind, a);
    const { live, draft, type } = await existing(ctx, w, ref);
    if (await w.pages.aliasUsed(ctx.environmentId, kind, to)) throw new AppError("PAGE_ALIAS_TAKEN", `The alias '${to}' is used`);
    // What names a page by its alias names a page, never a template (templates are found by a policy category).
    const usages = kind === "page" ? await w.pageUsages.aliasUsages(ctx.portalId, ctx.environmentId, alias) : [];
    if (usages.length) throw inUse(alias, usages);
    await w.pageUsages.renameAlias(ctx.environmentId, type, alias, to);
    await w.audit({
      action: "page.rename",
      ...auditEntityOf({ kind, alias: to }),
      summary: { from: alias, to, langs: live.map((r) => r.lang).sort(), draft: !!draft },
    });
    return { alias: to };
  });
}

/**
 * Deletes the page: live rows, draft and versions, in one content change with its audit row (which
 * keeps the alias, languages and last version: the record of what was there). Refused with 409
 * PAGE-IN-USE while something names the alias or the page belongs to a course, element or microcourse.
 */
export async function deletePage(ctx: StudioContext, actor: TUser, ref: TPageRef): Promise<void> {
  assertContentAuthor(actor);
  const { kind, alias } = ref;
  await ctx.repo.change(authorOf(ctx, actor), async (w) => {
    await w.pages.lockAlias(ctx.environmentId, kind, alias);
    const { live, draft, type } = await existing(ctx, w, ref);
    const modelName = draft?.modelName ?? live[0]?.modelName ?? null;
    const modelId = draft?.modelId ?? live[0]?.modelId ?? null;
    const owner: TPageUsage[] = modelName && modelId ? [{ kind: modelName as TPageModelRef["name"], id: modelId }] : [];
    const named = kind === "page" ? await w.pageUsages.aliasUsages(ctx.portalId, ctx.environmentId, alias) : [];
    const usages = [...owner, ...named.filter((u) => !owner.some((o) => o.kind === u.kind && o.id === u.id))];
    if (usages.length) throw inUse(alias, usages);
    const lastVersion = await w.pages.lastVersion(ctx.environmentId, kind, alias);
    const removed = await w.pageUsages.deleteAlias(ctx.environmentId, type, alias);
    await w.audit({
      action: "page.delete",
      ...auditEntityOf(ref),
      summary: { langs: live.map((r) => r.lang).sort(), draft: removed.draft > 0, versions: removed.versions, lastVersion },
    });
  });
}

/** The page bound to a model, as a list of none or one (GET /api/admin/pages?model=...). */
export async function pagesOfModel(ctx: StudioContext, actor: TUser, model: TPageModelRef): Promise<TStudioPageSummary[]> {
  assertContentAuthor(actor);
  const alias = await ctx.repo.pages.aliasOfModel(ctx.environmentId, model);
  if (alias === null) return [];
  return listPages(ctx, actor, { kind: "page", alias });
}
