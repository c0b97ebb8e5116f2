import { isBought } from "../../../../domain/course";
import type { TViewer } from "../../../../domain/learning-access";
import { elementStates, openedElement, type ProgressEntry, type ProgressMap } from "../../../../domain/progress";
import type { CourseCatalog, CourseStructure } from "../catalog";

/** The viewer's stored progress in a course, as course reads need it. */
export interface ViewerCourseProgress {
  map: ProgressMap;
  /** The stored current element, if any. */
  currentElementId: string | null;
}

/**
 * Reads of the viewer's own progress, which modules/progress owns (createViewerProgress there
 * provides them). Each answers null (or nothing) when progress is not tracked for the viewer.
 */
export interface ViewerProgressReads {
  stored(viewer: TViewer, courseId: string): Promise<ViewerCourseProgress | null>;
  storedMap(viewer: TViewer, courseId: string): Promise<ProgressMap | null>;
  doneCounts(viewer: TViewer, courseIds: string[]): Promise<Record<string, number>>;
}

/** What the course read operations work with. */
export interface CourseReads {
  catalog: CourseCatalog;
  progress: ViewerProgressReads;
  /** The team of a signed-in user (group-only courses), from modules/users. */
  teamOf: (userId: string) => Promise<string | null>;
}

export const statesOf = (s: CourseStructure, map: ProgressMap | null) => elementStates(s.elements, map, s.course.arbitraryWalkthrough);

export const markerOf = (s: CourseStructure, p: ViewerCourseProgress | null) =>
  openedElement(s.elements, p ? p.map : null, p?.currentElementId ?? null, s.course.arbitraryWalkthrough);

export const boughtBy = (viewer: TViewer, courseId: string) => viewer.kind !== "guest" && isBought(viewer.orderedCourses, courseId);

export const summary = (e: ProgressEntry | undefined) => (e ? { started: e.started, finished: e.finished, percent: e.percent } : null);
