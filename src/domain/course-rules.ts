/*
 * Course rules the browser runs on every page, without zod (docs/decisions/0020-lean-client.md);
 * the course schemas are in course.ts.
 */

export type TCourseAction = "buy-course" | "start-free-lesson";
/**
 * The course button rule (seed 000 §4, seed 001 §4): buy-course for a commercial course not yet
 * bought, else start-free-lesson. Everything that chooses a course's action asks this.
 */
export function courseButton(course: { isCommercial: boolean; isBought: boolean }): TCourseAction {
  return course.isCommercial && !course.isBought ? "buy-course" : "start-free-lesson";
}

/** Exact texts of seed 000 §8, shared by the server's errors and the web client's checks. */
export const COURSE_MESSAGES = {
  courseNotReceived: "Course was not received",
  elementsNoCourse: "Can't get elements. No course",
  reviewsNoCourse: "Can't get reviews. No course",
  reviewsNotReceived: "Reviews was not received",
  elementNotReceived: "Element is not received",
  microcourseMissing: "Microcourse instance is no provided",
} as const;
