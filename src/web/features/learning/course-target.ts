import { elementPath } from "../../../domain/element";
import type { TOpenedElement } from "../../../domain/progress";
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
  try {
    const res = await fetch(`/api/progress/courses/${encodeURIComponent(courseId)}/opened-element`, { headers: { accept: "application/json" } });
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    const { openedElement } = (await res.json()) as { openedElement: TOpenedElement | null };
    return openedElement ? elementPath(lang, courseId, openedElement.type, openedElement.id) : null;
  } catch {
    return null;
  }
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
