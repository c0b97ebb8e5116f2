import { AppError } from "../../../../domain/errors";
import { flattenNavigation, navigationProblem, nestNavigation, type TNavigationPut, type TStudioNavigation } from "../../../../domain/studio-navigation";
import { mayAuthorPortalSettings } from "../../../../domain/studio-policy";
import type { TUser } from "../../../../domain/user";
import { authorOf, type StudioContext } from "./context";

/** Navigation is a portal setting (src/domain/studio-policy.ts): admins and mp-admin, not mp-leader. */
function assertSettingsAuthor(who: TUser): void {
  if (!mayAuthorPortalSettings(who)) throw new AppError("ADMINS_ONLY", "Navigation is a portal setting: admins and mp-admin only");
}

/** The navigation tree as a flat list (depth first, each item naming its parent) with its version. */
export async function getNavigation(ctx: StudioContext, actor: TUser): Promise<TStudioNavigation> {
  assertSettingsAuthor(actor);
  const stored = await ctx.repo.navigation(ctx.environmentId);
  if (!stored) throw new AppError("NOT_FOUND", `No environment ${ctx.environmentId}`);
  return { items: flattenNavigation(stored.tree), version: stored.version };
}

/**
 * Replaces the whole tree. Refused, with nothing written, when an id repeats, a parent is missing,
 * an item is its own ancestor (NAVIGATION-CYCLE naming it), the tree is deeper than the menus draw,
 * a title lacks the primary language or names a foreign one, an alias names no page
 * (PAGE-NOT-FOUND naming the item), or the tree changed since `baseVersion`.
 */
export async function putNavigation(ctx: StudioContext, actor: TUser, body: TNavigationPut): Promise<TStudioNavigation> {
  assertSettingsAuthor(actor);
  const problem = navigationProblem(body.items);
  if (problem) {
    const { code, ...details } = problem;
    throw new AppError(code, `Navigation item '${problem.itemId}': ${code}`, details);
  }
  const { langs, primaryLang } = await ctx.portalLangs();
  for (const [i, item] of body.items.entries()) {
    const foreign = Object.keys(item.title).find((l) => !langs.includes(l));
    if (foreign) throw new AppError("UNSUPPORTED_LANG", `Language '${foreign}' is not one of ${langs.join(", ")}`, { itemId: item.id });
    if (!item.title[primaryLang]) {
      throw new AppError("VALIDATION", `A title in the portal's primary language (${primaryLang}) is required`, {
        itemId: item.id,
        validationErrors: [{ path: `items.${i}.title.${primaryLang}`, message: "Required" }],
      });
    }
  }
  const aliases = [...new Set(body.items.flatMap((i) => (i.alias ? [i.alias] : [])))];

  return ctx.repo.change(authorOf(ctx, actor), async (w) => {
    const current = await w.lockNavigation(ctx.environmentId);
    if (!current) throw new AppError("NOT_FOUND", `No environment ${ctx.environmentId}`);
    // In the change's transaction: the pages it names are those that exist when it commits.
    const known = await w.pageAliases(ctx.environmentId, aliases);
    const unknown = body.items.find((i) => i.alias !== undefined && !known.has(i.alias));
    if (unknown) {
      throw new AppError("NAVIGATION_PAGE_NOT_FOUND", `Navigation item '${unknown.id}' names no page '${unknown.alias}'`, {
        itemId: unknown.id,
        alias: unknown.alias,
      });
    }
    if (body.baseVersion !== undefined && body.baseVersion !== current.version) {
      throw new AppError("NAVIGATION_STALE", "The navigation changed since it was read", { version: current.version });
    }
    const tree = nestNavigation(body.items);
    const version = await w.replaceNavigation(ctx.environmentId, tree);
    await w.audit({
      action: "navigation.update",
      entityType: "navigation",
      entityId: ctx.environmentId,
      summary: { fields: ["items"], langs: [...new Set(body.items.flatMap((i) => Object.keys(i.title)))].sort(), items: body.items.length },
    });
    return { items: flattenNavigation(tree), version };
  });
}
