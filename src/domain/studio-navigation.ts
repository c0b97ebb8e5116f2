import { z } from "zod";
import { isSafeUrl } from "./blocks/safe-url";
import { ZLang } from "./course";
import { NAVIGATION_ICONS } from "./navigation-icons";
import type { TNavigationItem } from "./portal";
import { ZPageAlias } from "./studio-pages";
import { ZText } from "./validation/safe-text";

/**
 * The navigation tree as the studio edits it (issue 15, docs/decisions/0050). Stored nested in
 * `environments.navigation` (what the header reads); authored FLAT, each item naming its `parentId`,
 * so a cycle is expressible and refused by name (NAVIGATION-CYCLE) instead of being impossible to
 * send. Siblings keep the order of the list.
 */

/** Levels below the top: the header draws the top level, menus two more. */
export const NAVIGATION_DEPTH_MAX = 3;
/** Items in the whole tree: far more than a header holds; more is a mistake or an attack. */
export const NAVIGATION_ITEMS_MAX = 200;
export const NAVIGATION_TITLE_MAX = 100;
export const NAVIGATION_LINK_MAX = 2048;
const MAX_LANGS = 32;

/** One of the header's icons: the studio's icon field is a picker of exactly these (decision 0055). */
export const ZNavigationIcon = z.enum(NAVIGATION_ICONS);

export const ZNavigationItemId = ZText.min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { error: "Use letters, digits, - and _" });

/** A link the header may render: a site path (/...) or an http(s) address, never javascript: or data:. */
export const ZNavigationLink = ZText.min(1).max(NAVIGATION_LINK_MAX).refine(isSafeUrl, { error: "Use a site path (/...) or an http(s) address" });

export const ZNavigationTitle = z
  .record(ZLang, ZText.trim().min(1).max(NAVIGATION_TITLE_MAX))
  .refine((m) => Object.keys(m).length <= MAX_LANGS, { error: `At most ${MAX_LANGS} languages` });

/** The settings of one item (what its form edits): everything but its place in the tree. */
export const ZNavigationItemSettings = z
  .object({
    title: ZNavigationTitle,
    /** A page of the portal, by alias (PAGE-NOT-FOUND otherwise). */
    alias: ZPageAlias.optional(),
    link: ZNavigationLink.optional(),
    /** One of the header's icons (a picker in the studio); see domain/navigation-icons.ts. */
    icon: ZNavigationIcon.optional(),
    openInNewTab: z.boolean().default(false),
    hidden: z.boolean().default(false),
    published: z.boolean().default(true),
  })
  .strict();
export type TNavigationItemSettings = z.infer<typeof ZNavigationItemSettings>;

export const ZFlatNavigationItem = ZNavigationItemSettings.extend({
  id: ZNavigationItemId,
  /** Null (or absent) for a top-level item. */
  parentId: ZNavigationItemId.nullable().default(null),
}).strict();
export type TFlatNavigationItem = z.infer<typeof ZFlatNavigationItem>;
export type TFlatNavigationItemInput = z.input<typeof ZFlatNavigationItem>;

export const ZNavigationPut = z
  .object({
    items: z.array(ZFlatNavigationItem).max(NAVIGATION_ITEMS_MAX),
    /** The `version` the editor started from: a newer tree is NAVIGATION-STALE (409), nothing replaced. */
    baseVersion: ZText.min(1).max(64).optional(),
  })
  .strict();
export type TNavigationPut = z.infer<typeof ZNavigationPut>;

export const ZStudioNavigation = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      parentId: z.string().nullable(),
      title: z.record(z.string(), z.string()),
      alias: z.string().optional(),
      link: z.string().optional(),
      icon: z.string().optional(),
      openInNewTab: z.boolean(),
      hidden: z.boolean(),
      published: z.boolean(),
    }),
  ),
  version: z.string(),
});
export type TStudioNavigation = z.infer<typeof ZStudioNavigation>;

/** Why a flat list is not a tree, naming the item; null when it is one. */
export type TNavigationProblem =
  | { code: "NAVIGATION_DUPLICATE_ID"; itemId: string }
  | { code: "NAVIGATION_PARENT_MISSING"; itemId: string; parentId: string }
  | { code: "NAVIGATION_CYCLE"; itemId: string; path: string[] }
  | { code: "NAVIGATION_TOO_DEEP"; itemId: string; depth: number };

/** Checks ids, parents, cycles and depth of a flat list (pure: the server's rule and the editor's hint). */
export function navigationProblem(items: ReadonlyArray<{ id: string; parentId: string | null }>): TNavigationProblem | null {
  const parentOf = new Map<string, string | null>();
  for (const item of items) {
    if (parentOf.has(item.id)) return { code: "NAVIGATION_DUPLICATE_ID", itemId: item.id };
    parentOf.set(item.id, item.parentId);
  }
  for (const item of items) {
    if (item.parentId !== null && !parentOf.has(item.parentId)) return { code: "NAVIGATION_PARENT_MISSING", itemId: item.id, parentId: item.parentId };
  }
  for (const item of items) {
    const path = [item.id];
    let at = item.parentId;
    while (at !== null) {
      if (path.includes(at)) return { code: "NAVIGATION_CYCLE", itemId: item.id, path: [...path, at] };
      path.push(at);
      at = parentOf.get(at) ?? null;
    }
    if (path.length > NAVIGATION_DEPTH_MAX) return { code: "NAVIGATION_TOO_DEEP", itemId: item.id, depth: path.length };
  }
  return null;
}

/** The stored (nested) tree of a checked flat list; siblings keep the list's order. */
export function nestNavigation(items: ReadonlyArray<TFlatNavigationItem>): TNavigationItem[] {
  const childrenOf = new Map<string | null, TFlatNavigationItem[]>();
  for (const item of items) childrenOf.set(item.parentId, [...(childrenOf.get(item.parentId) ?? []), item]);
  const build = (parentId: string | null): TNavigationItem[] =>
    (childrenOf.get(parentId) ?? []).map(({ parentId: _parent, ...item }) => {
      const children = build(item.id);
      return {
        id: item.id,
        title: item.title,
        published: item.published,
        ...(item.alias !== undefined ? { alias: item.alias } : {}),
        ...(item.link !== undefined ? { link: item.link } : {}),
        ...(item.icon !== undefined ? { icon: item.icon } : {}),
        openInNewTab: item.openInNewTab,
        hidden: item.hidden,
        ...(children.length ? { children } : {}),
      };
    });
  return build(null);
}

/** The flat list of a stored tree, depth first (what the studio edits). */
export function flattenNavigation(tree: ReadonlyArray<TNavigationItem>, parentId: string | null = null): TStudioNavigation["items"] {
  return tree.flatMap((item) => [
    {
      id: item.id,
      parentId,
      title: item.title,
      ...(item.alias !== undefined ? { alias: item.alias } : {}),
      ...(item.link !== undefined ? { link: item.link } : {}),
      ...(item.icon !== undefined ? { icon: item.icon } : {}),
      openInNewTab: item.openInNewTab ?? false,
      hidden: item.hidden ?? false,
      published: item.published,
    },
    ...flattenNavigation(item.children ?? [], item.id),
  ]);
}
