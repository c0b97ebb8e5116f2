import type { TCourseCard, TCourseListQuery } from "../../../../domain/course";
import { AppError } from "../../../../domain/errors";
import { inMyGroups, isAdmin, type TViewer } from "../../../../domain/learning-access";
import { boughtBy, type CourseReads } from "./context";

/** List courses (seed 000 §7). Drafts and other groups' courses are for admins only; rel=all adds isBought and doneCount. */
export async function listCourses({ catalog, progress, teamOf }: CourseReads, viewer: TViewer, q: TCourseListQuery): Promise<TCourseCard[]> {
  const l = await catalog.lang(q.lang);
  if ((!q.published || !q.onlyMyGroups) && !isAdmin(viewer)) {
    throw new AppError("AUTH_DENY", "published=false and onlyMyGroups=false are for portal admins");
  }
  // `q.cache` is accepted as the seed sends it; every read comes from the content-versioned cache, which a write refreshes at once.
  let rows = await catalog.catalogue({ published: q.published, exceptHidden: q.exceptHidden });
  if (q.onlyMyGroups && rows.some((r) => r.groups.length > 0)) {
    const member: TViewer = viewer.kind === "guest" ? viewer : { ...viewer, teamId: await teamOf(viewer.id) };
    rows = rows.filter((r) => inMyGroups(r.groups, member));
  }
  const cards = rows.slice(0, q.limit).map((r) => catalog.presentCard(r, l));
  if (q.rel !== "all") return cards;
  const done = await progress.doneCounts(
    viewer,
    cards.map((c) => c.id),
  );
  return cards.map((c) => ({ ...c, isBought: boughtBy(viewer, c.id), doneCount: done[c.id] ?? 0 }));
}
