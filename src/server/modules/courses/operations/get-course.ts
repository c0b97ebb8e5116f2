import type { TCourse } from "../../../../domain/course";
import { COURSE_MESSAGES } from "../../../../domain/course-rules";
import { localized } from "../../../../domain/localized";
import { isAdmin, type TViewer } from "../../../../domain/learning-access";
import { boughtBy, markerOf, statesOf, summary, type CourseReads } from "./context";

/** Get course (seed 000 §7): lang, optional rel, optional creator preview secret. Reads the course row once. */
export async function getCourse(
  { catalog, progress }: CourseReads,
  viewer: TViewer,
  id: string,
  q: { lang: string; rel?: "all"; secret?: string; client?: string },
): Promise<TCourse> {
  const l = await catalog.lang(q.lang);
  const found = await catalog.findCourse(id);
  if (q.secret) await catalog.checkPreview(found, q.secret, q.client ?? "unknown");
  const preview = !!q.secret;
  const row = catalog.reachable(found, { code: "COURSE_NOT_RECEIVED", message: COURSE_MESSAGES.courseNotReceived, unpublished: preview || isAdmin(viewer) });
  const bought = boughtBy(viewer, id);
  const course: TCourse = {
    ...catalog.presentCard(row, l),
    isBought: bought,
    button: {
      buttonText: localized(row.buttonText, l.lang, l.primaryLang),
      buttonTextBuy: localized(row.buttonTextBuy, l.lang, l.primaryLang),
      isBought: bought,
      alignContent: row.alignContent,
    },
    preview,
  };
  if (q.rel !== "all") return course;
  const s = { course: row, elements: await catalog.elementsOf(row.id) };
  const p = await progress.stored(viewer, id);
  const states = statesOf(s, p?.map ?? null);
  return {
    ...course,
    elements: states.map((e) => ({ ...catalog.presentElement(e, l, e.state), progress: summary(p?.map[e.id]) })),
    progress: Object.fromEntries(states.filter((e) => e.state).map((e) => [e.id, { state: e.state!, started: p?.map[e.id]?.started ?? null }])),
    openedElement: markerOf(s, p),
  };
}
