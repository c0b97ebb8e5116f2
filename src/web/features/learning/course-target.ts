import { elementPath } from "../../../domain/element-path";
import type { CourseTarget } from "../../../domain/scenario/course-target";

export interface CourseFacts {
  id: string;
  isCommercial: boolean;
  isBought: boolean;
  requiresRegistration: boolean;
  price: number | null;
  currency: string | null;
}

/**
 * The opened element of a course for whoever is signed in now, asked at the moment the scenario
 * ends: signing in (or the session it created) changes the progress the path depends on.
 */
export async function openedElementPath(lang: string, courseId: string): Promise<string | null> {
  const { openedElement: fetchOpenedElement } = await import("./progress-calls");
  const res = await fetchOpenedElement(courseId);
  if (!res.ok) return null;
  const { openedElement } = res.data;
  return openedElement ? elementPath(lang, courseId, openedElement.type, openedElement.id) : null;
}

/** What the course scenarios (start-free-lesson, buy-course) need to know about a course. */
export function courseTarget(course: CourseFacts, lang: string, resolve?: () => Promise<string | null>): CourseTarget {
  return {
    courseId: course.id,
    isCommercial: course.isCommercial,
    isBought: course.isBought,
    accessibleWithoutRegistration: !course.requiresRegistration,
    ...(course.isCommercial && course.price !== null && course.currency ? { price: { amount: course.price, currency: course.currency } } : {}),
    resolveElementPath: resolve ?? (() => openedElementPath(lang, course.id)),
  };
}
