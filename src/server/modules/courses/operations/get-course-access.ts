import { courseAction, currencySymbol, openedElementPath, type TCourseAccess } from "../../../../domain/course";
import { elementRefusal, guestMayOpen, isAdmin, tracksProgress, type TViewer } from "../../../../domain/learning-access";
import { boughtBy, markerOf, statesOf, type CourseReads } from "./context";

/** What the start-free-lesson and buy-course scenarios need for a course and the current user. */
export async function getCourseAccess({ catalog, progress }: CourseReads, viewer: TViewer, courseId: string, q: { lang: string }): Promise<TCourseAccess> {
  const l = await catalog.lang(q.lang);
  const s = await catalog.structure(courseId, { unpublished: isAdmin(viewer) });
  const p = await progress.stored(viewer, courseId);
  const states = statesOf(s, p?.map ?? null);
  const marker = markerOf(s, p);
  const target = marker ? states.find((e) => e.id === marker.id) : undefined;
  const bought = boughtBy(viewer, courseId);
  const { course } = s;
  return {
    courseId,
    isCommercial: course.type === "paid",
    isBought: bought,
    accessibleWithoutRegistration: !course.requiresRegistration,
    action: courseAction(course.type, bought),
    viewer: viewer.kind,
    tracksProgress: tracksProgress(viewer),
    openedElement: marker && { ...marker, isFirst: marker.id === states[0]?.id, path: openedElementPath(l.lang, courseId, marker) },
    guestMayOpen: target ? guestMayOpen(course, target.type) : false,
    canOpen: target ? elementRefusal(viewer, course, target, target.state) === null : false,
    price:
      course.type === "paid" && course.price !== null && course.currency
        ? { amount: course.price, currency: course.currency, symbol: currencySymbol(course.currency) }
        : null,
  };
}
