import type { TElementType } from "../../../domain/element";
import { elementPath } from "../../../domain/element-path";
import { courseButton } from "../../../domain/course-rules";
import type { CourseTarget } from "../../../domain/scenario/course-target";

/**
 * What the course and element screens decide, as pure functions: how an element in the list may
 * be used, where finishing leads, which scenario opens the door for a guest, which profile tab
 * shows which course. The server decides access; these only choose what to show.
 */

export type ElementAccess = "done" | "opened" | "locked" | "buy";

/** A commercial course that is not bought keeps every element behind the buy button. */
export function elementAccess(state: "opened" | "done" | null, course: { isCommercial: boolean; isBought: boolean }): ElementAccess {
  if (courseButton(course) === "buy-course") return "buy";
  return state ?? "locked";
}

export function coursePath(lang: string, courseId: string): string {
  return `/${lang}/courses/${encodeURIComponent(courseId)}`;
}

/**
 * After finishing: the element the finish opened, else the next open element, else back to the
 * course page (which then shows the finished marker). A finished course always goes back.
 */
export function finishDestination(i: {
  lang: string;
  courseId: string;
  reply: { opened: { id: string; type: TElementType } | null; courseFinished: boolean };
  next: { path: string } | null;
}): string {
  if (i.reply.courseFinished) return coursePath(i.lang, i.courseId);
  if (i.reply.opened) return elementPath(i.lang, i.courseId, i.reply.opened.type, i.reply.opened.id);
  return i.next?.path ?? coursePath(i.lang, i.courseId);
}

/** Seed 000 §6: the element kinds a guest or session user may open in a free course without registration. */
const GUEST_TYPES: readonly TElementType[] = ["lesson", "webinar"];

export type GateScenario = { id: "start-free-lesson" } | { id: "login"; alertText: string };

/**
 * The sign-in door for an element the server refused with REGISTRATION-REQUIRED. start-free-lesson
 * creates a session and skips the login for a free course open without registration; for such a
 * course the refused element needs a real account (a test, or a session user), so that shortcut
 * would only come back here: the login scenario with the seed's guest/session alert is used instead.
 */
export function gateScenario(
  course: Pick<CourseTarget, "isCommercial" | "accessibleWithoutRegistration">,
  elementType: TElementType,
  viewer: "guest" | "session",
): GateScenario {
  const sessionWouldOpen = course.accessibleWithoutRegistration && !course.isCommercial && GUEST_TYPES.includes(elementType) && viewer === "guest";
  const shortcut = course.accessibleWithoutRegistration && !course.isCommercial;
  if (shortcut && !sessionWouldOpen) return { id: "login", alertText: viewer === "session" ? "scenario.alert.session" : "scenario.alert.guest" };
  return { id: "start-free-lesson" };
}

/** The course action button (seed 000 §4): the scenario and which of the two button texts it shows. */
export function courseAction(course: Pick<CourseTarget, "isCommercial" | "isBought">, button: { buttonText: string; buttonTextBuy: string }) {
  const scenario = courseButton(course);
  return { scenario, text: scenario === "buy-course" ? button.buttonTextBuy : button.buttonText };
}

/** alignContent of the course button data: left and right follow the reading direction. */
export function alignClass(align: string): string {
  if (align === "left") return "justify-start";
  if (align === "right") return "justify-end";
  return "justify-center";
}

/** Whole percent done, 0 for a course without visible elements. */
export function percentDone(doneCount: number, total: number): number {
  return total > 0 ? Math.round((doneCount / total) * 100) : 0;
}

const ELEMENT_PATH = /^\/[^/]+\/courses\/[^/]+\/(lesson|test|webinar)\/[^/]+\/?$/;

/** The element loader covers navigations into lesson, test and webinar pages. */
export function isElementPath(pathname: string): boolean {
  return ELEMENT_PATH.test(pathname);
}

/**
 * Seed 000 §2.1: the course fallback URL is /courses/{id}/ when no main page is published, else /.
 * A portal of several courses (type other) has no single course, so its fallback is the catalogue.
 */
export function courseFallbackUrl(i: { lang: string; mainPagePublished: boolean; portalType: string; courseIds: readonly string[] }): string {
  if (i.mainPagePublished) return `/${i.lang}/`;
  if (i.portalType === "mono" && i.courseIds.length > 0) return `/${i.lang}/courses/${encodeURIComponent(i.courseIds[0])}/`;
  return `/${i.lang}/courses/`;
}
