import type { TStudioNavigation } from "../../../domain/studio-navigation";

/*
 * The navigation editor's moves on the flat list the API speaks (each item naming its parent,
 * siblings in list order, depth first). Every move keeps an item's sub-items with it.
 */

export type NavItem = TStudioNavigation["items"][number];

/** The item and its descendants, in list order (they follow it in a depth-first list). */
function subtree(items: readonly NavItem[], id: string): NavItem[] {
  const ids = new Set([id]);
  return items.filter((i) => {
    if (i.id === id) return true;
    if (i.parentId !== null && ids.has(i.parentId)) {
      ids.add(i.id);
      return true;
    }
    return false;
  });
}

const siblings = (items: readonly NavItem[], parentId: string | null) => items.filter((i) => i.parentId === parentId);

/** Rebuilds the depth-first list from each parent's children order. */
function ordered(items: readonly NavItem[]): NavItem[] {
  const out: NavItem[] = [];
  const walk = (parentId: string | null) => {
    for (const i of siblings(items, parentId)) {
      out.push(i);
      walk(i.id);
    }
  };
  walk(null);
  return out;
}

/** Puts `moved` (with its sub-items) right after or before `anchor`'s block among the list. */
function place(items: readonly NavItem[], id: string, parentId: string | null, anchorId: string | null, where: "before" | "after"): NavItem[] {
  const block = subtree(items, id).map((i) => (i.id === id ? { ...i, parentId } : i));
  const blockIds = new Set(block.map((i) => i.id));
  const rest = items.filter((i) => !blockIds.has(i.id));
  let at = rest.length;
  if (anchorId !== null) {
    const anchorBlock = subtree(rest, anchorId);
    const first = rest.findIndex((i) => i.id === anchorId);
    at = where === "before" ? first : first + anchorBlock.length;
  }
  return ordered([...rest.slice(0, at), ...block, ...rest.slice(at)]);
}

export function moveUp(items: readonly NavItem[], id: string): NavItem[] {
  const item = items.find((i) => i.id === id);
  if (!item) return [...items];
  const sibs = siblings(items, item.parentId);
  const k = sibs.findIndex((i) => i.id === id);
  return k <= 0 ? [...items] : place(items, id, item.parentId, sibs[k - 1]!.id, "before");
}

export function moveDown(items: readonly NavItem[], id: string): NavItem[] {
  const item = items.find((i) => i.id === id);
  if (!item) return [...items];
  const sibs = siblings(items, item.parentId);
  const k = sibs.findIndex((i) => i.id === id);
  return k < 0 || k >= sibs.length - 1 ? [...items] : place(items, id, item.parentId, sibs[k + 1]!.id, "after");
}

/** Becomes the last sub-item of the sibling above it. */
export function moveIn(items: readonly NavItem[], id: string): NavItem[] {
  const item = items.find((i) => i.id === id);
  if (!item) return [...items];
  const sibs = siblings(items, item.parentId);
  const k = sibs.findIndex((i) => i.id === id);
  if (k <= 0) return [...items];
  const newParent = sibs[k - 1]!;
  const last = siblings(items, newParent.id).at(-1);
  return last ? place(items, id, newParent.id, last.id, "after") : ordered(items.map((i) => (i.id === id ? { ...i, parentId: newParent.id } : i)));
}

/** Leaves its parent and follows it as a sibling. */
export function moveOut(items: readonly NavItem[], id: string): NavItem[] {
  const item = items.find((i) => i.id === id);
  const parent = item?.parentId ? items.find((i) => i.id === item.parentId) : undefined;
  if (!item || !parent) return [...items];
  return place(items, id, parent.parentId, parent.id, "after");
}

/** Removes an item with its sub-items. */
export function removeItem(items: readonly NavItem[], id: string): NavItem[] {
  const gone = new Set(subtree(items, id).map((i) => i.id));
  return items.filter((i) => !gone.has(i.id));
}

/** Adds an item as the last sub-item of `parentId` (or at the end of the top level). */
export function addItem(items: readonly NavItem[], item: NavItem): NavItem[] {
  return ordered([...items, item]);
}

/** How deep an item sits: 1 for the top level. */
export function depthOf(items: readonly NavItem[], id: string): number {
  let depth = 0;
  let at: string | null = id;
  const seen = new Set<string>();
  while (at !== null && !seen.has(at)) {
    seen.add(at);
    depth++;
    at = items.find((i) => i.id === at)?.parentId ?? null;
  }
  return depth;
}

/** The deepest level below an item, the item itself counting 1. */
export function heightOf(items: readonly NavItem[], id: string): number {
  const kids = siblings(items, id);
  return 1 + (kids.length ? Math.max(...kids.map((k) => heightOf(items, k.id))) : 0);
}
