import type { TCourseListQuery } from "../../../domain/course";
import { isAdmin, isContentModel, type TViewer } from "../../../domain/learning-access";
import { createCourseCatalog, type CourseCatalogDeps, type CourseStructure as CatalogStructure, type Lang as CatalogLang } from "./catalog";
import { courseContentAccess, type ContentVerdict } from "./operations/content-access";
import type { ViewerProgressReads } from "./operations/context";
import { getCourse } from "./operations/get-course";
import { getCourseAccess } from "./operations/get-course-access";
import { listCourses } from "./operations/list-courses";
import { listElements } from "./operations/list-elements";
import { openElement } from "./operations/open-element";
import type { CourseRow, ElementRow } from "./repo";

// The types other modules use, named here: they import them from service.ts, never from repo.ts or catalog.ts.
/** A content language and the portal's primary one. */
export type Lang = CatalogLang;
/** A course with all its elements, as the progress rules need it. */
export type CourseStructure = CatalogStructure;
/** An element of a course as stored. */
export type CourseElement = ElementRow;
/** A course as stored (type, price, currency, published, titles per language). */
export type CourseRecord = CourseRow;

export interface CoursesServiceDeps extends CourseCatalogDeps {
  /** The viewer's own progress (modules/progress: createViewerProgress). */
  viewerProgress: ViewerProgressReads;
  /** The team of a signed-in user (modules/users). */
  teamOf: (userId: string) => Promise<string | null>;
}

/**
 * Learning content (courses, elements, their pages and reviews) and its reads for a viewer: the
 * catalogue, a course, its access scenario, its elements, an element with its blocks. The API
 * routes and the SSR loaders call these; each reads the course row once.
 */
export function createCoursesService(deps: CoursesServiceDeps) {
  const catalog = createCourseCatalog(deps);
  const reads = { catalog, progress: deps.viewerProgress, teamOf: deps.teamOf };
  return {
    lang: catalog.lang,
    presentCard: catalog.presentCard,
    presentElement: catalog.presentElement,
    structure: catalog.structure,
    elementStructure: catalog.elementStructure,
    elementsOfCourses: catalog.elementsOfCourses,
    components: catalog.components,
    reviews: catalog.reviews,
    /** A course of this portal as stored, published or not, from the content cache; null when there is none (orders read prices here). */
    courseRow: (id: string): Promise<CourseRecord | null> => catalog.courseRow(id),
    listCourses: (viewer: TViewer, q: TCourseListQuery) => listCourses(reads, viewer, q),
    getCourse: (viewer: TViewer, id: string, q: { lang: string; rel?: "all"; secret?: string; client?: string }) => getCourse(reads, viewer, id, q),
    access: (viewer: TViewer, courseId: string, q: { lang: string }) => getCourseAccess(reads, viewer, courseId, q),
    listElements: (viewer: TViewer, courseId: string, q: { lang: string; rel?: "all"; limit: number }) => listElements(reads, viewer, courseId, q),
    openElement: (viewer: TViewer, elementId: string, q: { lang: string; secret?: string; client?: string }) => openElement(reads, viewer, elementId, q),
    contentAccess: (viewer: TViewer, model: "course" | "element", id: string) => courseContentAccess(reads, viewer, model, id),
  };
}
export type CoursesService = ReturnType<typeof createCoursesService>;

/**
 * The one content rule for the model a page is bound to, what the pages service asks (its
 * ModelAccess): courses and elements here, microcourses and video events from their modules.
 */
export function createContentAccess(deps: {
  courses: Pick<CoursesService, "contentAccess">;
  microcourses: { contentAccess(viewer: TViewer, id: string): Promise<ContentVerdict> };
  videoEvents: { contentAccess(viewer: TViewer, id: string): Promise<ContentVerdict> };
}) {
  return async (viewer: TViewer, model: { name: string; id: string }): Promise<ContentVerdict> => {
    if (!isContentModel(model.name)) return isAdmin(viewer) ? null : { refusal: "not-found", target: { model: "unknown" } };
    switch (model.name) {
      case "course":
      case "element":
        return deps.courses.contentAccess(viewer, model.name, model.id);
      case "microcourse":
        return deps.microcourses.contentAccess(viewer, model.id);
      case "video-event":
        return deps.videoEvents.contentAccess(viewer, model.id);
    }
  };
}
