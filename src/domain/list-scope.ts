import { inMyGroups, type TViewer } from "./learning-access";
import type { ListAnchor } from "./list-cursor";

// What the catalogue and the microcourse list share about which rows a page holds (issue 30).

/** Which group-only rows a page keeps: every one (admins' onlyMyGroups=false), or those of no group and of `team`. */
export type GroupScope = { all: true } | { all: false; team: string | null };

/** What a page of the catalogue or the microcourse list depends on, besides its portal. */
export interface ListPageQuery {
  published: boolean;
  exceptHidden: boolean;
  groups: GroupScope;
  anchor: ListAnchor | null;
  limit: number;
}

/** A page's key in the content cache: everything it depends on. */
/** The group scope of a list asked with `onlyMyGroups`: the viewer's team, looked up only when some row is group-only. */
export async function groupScopeOf(
  onlyMyGroups: boolean,
  viewer: TViewer,
  hasGroupRows: () => Promise<boolean>,
  teamOf: (userId: string) => Promise<string | null>,
): Promise<GroupScope> {
  if (!onlyMyGroups || !(await hasGroupRows())) return { all: true };
  return { all: false, team: viewer.kind === "guest" ? null : await teamOf(viewer.id) };
}

export function listPageKey(q: ListPageQuery): string {
  return `${q.published}:${q.exceptHidden}:${q.groups.all ? "*" : (q.groups.team ?? "-")}:${q.anchor ? `${q.anchor.dir}:${q.anchor.id}` : "first"}:${q.limit}`;
}

/**
 * Whether `row` is on the list `q` asks for, as `viewer` in `groups`: a cursor must name such a row,
 * so a made-up one cannot tell drafts, hidden rows or other groups' rows from missing ones.
 */
export function listsRow(
  row: { published: boolean; hidden: boolean; groups: readonly string[] } | null,
  q: { published: boolean; exceptHidden: boolean },
  groups: GroupScope,
  viewer: TViewer,
): boolean {
  if (!row || (q.published && !row.published) || (q.exceptHidden && row.hidden)) return false;
  if (groups.all) return true;
  return inMyGroups(row.groups, viewer.kind === "guest" ? viewer : { ...viewer, teamId: groups.team });
}
