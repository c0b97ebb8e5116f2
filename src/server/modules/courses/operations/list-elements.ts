import { COURSE_MESSAGES } from "../../../../domain/course-rules";
import { isAdmin, type TViewer } from "../../../../domain/learning-access";
import { statesOf, summary, type CourseReads } from "./context";

/** List elements of a course (limit 100) with the caller's states; rel=all adds the caller's record of each. */
export async function listElements({ catalog, progress }: CourseReads, viewer: TViewer, courseId: string, q: { lang: string; rel?: "all"; limit: number }) {
  const l = await catalog.lang(q.lang);
  const s = await catalog.structure(courseId, { unpublished: isAdmin(viewer), code: "ELEMENTS_NO_COURSE", message: COURSE_MESSAGES.elementsNoCourse });
  const map = await progress.storedMap(viewer, courseId);
  return statesOf(s, map)
    .slice(0, q.limit)
    .map((e) => ({ ...catalog.presentElement(e, l, e.state), progress: q.rel === "all" ? summary(map?.[e.id]) : null }));
}
