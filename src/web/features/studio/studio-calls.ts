import { z } from "zod";
import { type TMicrocoursePatch, type ZMicrocourseCreate, ZStudioMicrocourse } from "../../../domain/studio-microcourses";
import { type TNavigationPut, type TStudioNavigation, ZStudioNavigation } from "../../../domain/studio-navigation";
import {
  type TEpisodePatch,
  type TVideoEventPatch,
  type ZEpisodeCreate,
  ZStudioEpisode,
  ZStudioEpisodeList,
  ZStudioVideoEvent,
  type ZVideoEventCreate,
} from "../../../domain/studio-video-events";
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
import { type ZImportRequest, ZImportReply, ZTestStatistics } from "../../../domain/assessment/authoring";
import { type TTestPut, ZTestEditor } from "../../../domain/assessment/editor";
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
/**
 * The editor sends the items as it holds them: a tree read back may carry an icon name from before the
 * icon set (decision 0055), which the server refuses at that item rather than the client dropping it.
 */
export const putNavigation = (body: Omit<TNavigationPut, "items"> & { items: TStudioNavigation["items"] }) =>
  api.send("PUT", "/api/admin/navigation", ZStudioNavigation, body);

export const createMicrocourse = (body: z.input<typeof ZMicrocourseCreate>) => api.post("/api/admin/microcourses", ZStudioMicrocourse, body);
export const patchMicrocourse = (id: string, patch: TMicrocoursePatch) =>
  api.send("PATCH", `/api/admin/microcourses/${encodeURIComponent(id)}`, ZStudioMicrocourse, patch);

const eventPath = (id: string) => `/api/admin/video-events/${encodeURIComponent(id)}`;
export const createVideoEvent = (body: z.input<typeof ZVideoEventCreate>) => api.post("/api/admin/video-events", ZStudioVideoEvent, body);
export const patchVideoEvent = (id: string, patch: TVideoEventPatch) => api.send("PATCH", eventPath(id), ZStudioVideoEvent, patch);
export const addEpisode = (eventId: string, body: z.input<typeof ZEpisodeCreate>) => api.post(`${eventPath(eventId)}/episodes`, ZStudioEpisode, body);
export const patchEpisode = (id: string, patch: TEpisodePatch) => api.send("PATCH", `/api/admin/episodes/${encodeURIComponent(id)}`, ZStudioEpisode, patch);
export const deleteEpisode = (id: string) => api.send("DELETE", `/api/admin/episodes/${encodeURIComponent(id)}`, z.null());
export const reorderEpisodes = (eventId: string, episodeIds: string[]) =>
  api.send("PUT", `${eventPath(eventId)}/episodes/order`, ZStudioEpisodeList, { episodeIds });

/** The question editor of a test element (docs/decisions/0053): read the whole definition, replace it from its revision, import CSV/GIFT. */
const testPath = (elementId: string) => `/api/admin/elements/${encodeURIComponent(elementId)}/test`;
export const getTest = (elementId: string) => api.get(testPath(elementId), ZTestEditor);
export const putTest = (elementId: string, body: TTestPut) => api.send("PUT", testPath(elementId), ZTestEditor, body);
export const importTest = (elementId: string, body: z.input<typeof ZImportRequest>) =>
  api.post(`/api/assessments/elements/${encodeURIComponent(elementId)}/import`, ZImportReply, body);
export const getTestStatistics = (elementId: string, lang: string) =>
  api.get(`/api/assessments/elements/${encodeURIComponent(elementId)}/statistics?lang=${encodeURIComponent(lang)}`, ZTestStatistics);
