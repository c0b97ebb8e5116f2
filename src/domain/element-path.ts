import type { TElementType } from "./element";

/* Without zod: the browser builds these paths on every course page (docs/decisions/0020-lean-client.md). */

/** The web path of an element page: /{lang}/courses/{courseId}/{lesson|test|webinar}/{elementId}. */
export function elementPath(lang: string, courseId: string, type: TElementType, elementId: string): string {
  return `/${lang}/courses/${encodeURIComponent(courseId)}/${type}/${encodeURIComponent(elementId)}`;
}

/** The web path of a course page: /{lang}/courses/{courseId} (the web app's own copy is in features/learning/rules.ts: importing this one there splits this module into a chunk of its own on every first load). */
export function coursePath(lang: string, courseId: string): string {
  return `/${lang}/courses/${encodeURIComponent(courseId)}`;
}
