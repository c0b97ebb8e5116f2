import type { TCourseListPage, TCourseListQuery } from "../../../../domain/course";
import { AppError } from "../../../../domain/errors";
import { isAdmin, type TViewer } from "../../../../domain/learning-access";
import { anchorOf, keysetPage } from "../../../../domain/list-cursor";
import { groupScopeOf, listsRow } from "../../../../domain/list-scope";
import { boughtBy, type CourseReads } from "./context";

/**
 * List courses (seed 000 §7), one keyset page at a time (issue 30): `cursor` / `before` from a
 * previous reply, `limit` cards (100, the seed's, by default). Drafts and other groups' courses are
 * for admins only; rel=all adds isBought and doneCount, for the cards of this page only.
 */
export async function listCourses({ catalog, progress, teamOf }: CourseReads, viewer: TViewer, q: TCourseListQuery): Promise<TCourseListPage> {
  const l = await catalog.lang(q.lang);
  if ((!q.published || !q.onlyMyGroups) && !isAdmin(viewer)) {
    throw new AppError("AUTH_DENY", "published=false and onlyMyGroups=false are for portal admins");
  }
  const groups = await groupScopeOf(q.onlyMyGroups, viewer, catalog.hasGroupCourses, teamOf);
  const anchor = anchorOf(q);
  // A cursor must name a course of this very list (nor may a made-up one fill the page cache).
  if (anchor && !listsRow(await catalog.courseRow(anchor.id), q, groups, viewer)) {
    throw new AppError("CURSOR_INVALID", "The cursor names no course of this list");
  }
  // `q.cache` is accepted as the seed sends it; every read comes from the content-versioned cache, which a write refreshes at once.
  const page = await keysetPage(anchor, q.limit, (a, limit) =>
    catalog.cataloguePage({ published: q.published, exceptHidden: q.exceptHidden, groups, anchor: a, limit }),
  );
  const cards = page.rows.map((r) => catalog.presentCard(r, l));
  const paging = { nextCursor: page.nextCursor, prevCursor: page.prevCursor };
  if (q.rel !== "all") return { courses: cards, ...paging };
  const done = await progress.doneCounts(
    viewer,
    cards.map((c) => c.id),
  );
  return { courses: cards.map((c) => ({ ...c, isBought: boughtBy(viewer, c.id), doneCount: done[c.id] ?? 0 })), ...paging };
}
