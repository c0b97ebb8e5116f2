import type { z } from "zod";
import {
  type TCoursePatch,
  type TElementPatch,
  type ZCourseCreate,
  type ZElementCreate,
  ZPreviewLink,
  ZStudioCourse,
  ZStudioElement,
  ZStudioElementList,
} from "../../../domain/studio";
import { api } from "../../lib/api";

/*
 * The studio API as the studio's screens call it (docs/api/studio.md). Imported by the studio pages
 * only, so the schemas come with them, never with every page (docs/decisions/0020-lean-client.md).
 */

const coursePath = (courseId: string) => `/api/admin/courses/${encodeURIComponent(courseId)}`;

/** What the studio sends: the server fills the defaults (a free draft, a visible element). */
export const createCourse = (body: z.input<typeof ZCourseCreate>) => api.post("/api/admin/courses", ZStudioCourse, body);

export const patchCourse = (courseId: string, patch: TCoursePatch) => api.send("PATCH", coursePath(courseId), ZStudioCourse, patch);

export const addElement = (courseId: string, body: z.input<typeof ZElementCreate>) => api.post(`${coursePath(courseId)}/elements`, ZStudioElement, body);

export const patchElement = (elementId: string, patch: TElementPatch) =>
  api.send("PATCH", `/api/admin/elements/${encodeURIComponent(elementId)}`, ZStudioElement, patch);

export const reorderElements = (courseId: string, elementIds: string[]) =>
  api.send("PUT", `${coursePath(courseId)}/elements/order`, ZStudioElementList, { elementIds });

/** A new preview link (its secret is shown this once), ending the old one. */
export const makePreviewLink = (courseId: string) => api.post(`${coursePath(courseId)}/preview-link`, ZPreviewLink);

export const removePreviewLink = (courseId: string) => api.send("DELETE", `${coursePath(courseId)}/preview-link`, ZStudioCourse);
