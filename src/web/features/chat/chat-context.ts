import type { TChatContext } from "../../../domain/chat";

/**
 * Where the learner is when they write (issue 12 "asked from"): read from the page's path, so that
 * any page of the default layout gives its context without telling the chat anything. A path that is
 * not a course, element or microcourse page gives none.
 */
const ELEMENT = /^\/[a-z]{2,3}\/courses\/([^/]+)\/(lesson|test|webinar)\/([^/]+)\/?$/;
const COURSE = /^\/[a-z]{2,3}\/courses\/([^/]+)\/?$/;
const MICROCOURSE = /^\/[a-z]{2,3}\/microcourse\/([^/]+)\/?$/;
const VIDEO_EVENT = /^\/[a-z]{2,3}\/video-event\/([^/]+)\/?$/;

/** Path segments are ids and slugs; anything longer than the contract allows is not a context. */
const fits = (...ids: string[]) => ids.every((id) => id.length > 0 && id.length <= 100);

export function chatContextFromPath(pathname: string): TChatContext | null {
  if (pathname.length > 300 || pathname.startsWith("//")) return null;
  let m = ELEMENT.exec(pathname);
  if (m && fits(m[1], m[3])) return { kind: m[2] as "lesson" | "test" | "webinar", courseId: m[1], elementId: m[3], path: pathname };
  m = COURSE.exec(pathname);
  if (m && fits(m[1])) return { kind: "course", courseId: m[1], path: pathname };
  m = MICROCOURSE.exec(pathname);
  if (m && fits(m[1])) return { kind: "microcourse", elementId: m[1], path: pathname };
  m = VIDEO_EVENT.exec(pathname);
  if (m && fits(m[1])) return { kind: "video-event", elementId: m[1], path: pathname };
  return null;
}

/** A context's link is followed only when it is a path of this site (never `//host` or a scheme). */
export function isSitePath(path: string): boolean {
  return /^\/[^/\\]/.test(path);
}
