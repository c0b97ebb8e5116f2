import type { TAuditQuery, TCourseCreate, TCoursePatch, TElementCreate, TElementPatch } from "../../../domain/studio";
import type { TUser } from "../../../domain/user";
import type { TPageCreate, TPageDocument, TPageModelRef, TPageRef } from "../../../domain/studio-pages";
import { createPage, getPage, listPages } from "./operations/pages";
import { deletePage, pagesOfModel, renamePage } from "./operations/page-lifecycle";
import { discardDraft, listPageVersions, publishPage, restorePageVersion, saveDraft } from "./operations/page-publishing";
import { listAudit } from "./operations/audit";
import type { StudioContext } from "./operations/context";
import { createCourse, getCourse, listCourses, makePreviewLink, removePreviewLink, updateCourse } from "./operations/courses";
import { addElement, listElements, reorderElements, updateElement } from "./operations/elements";
import { createMicrocourse, getMicrocourse, listMicrocourses, updateMicrocourse } from "./operations/microcourses";
import { getNavigation, putNavigation } from "./operations/navigation";
import {
  addEpisode,
  createVideoEvent,
  deleteEpisode,
  getVideoEvent,
  listVideoEvents,
  reorderEpisodes,
  updateEpisode,
  updateVideoEvent,
} from "./operations/video-events";
import type { TNavigationPut } from "../../../domain/studio-navigation";
import type { TMicrocourseCreate, TMicrocoursePatch } from "../../../domain/studio-microcourses";
import type { TEpisodeCreate, TEpisodePatch, TVideoEventCreate, TVideoEventPatch } from "../../../domain/studio-video-events";

/**
 * Authoring of content (the creator studio, issue 15). Every operation checks the studio policy
 * first; every write goes through the repo's `change`: the content version's one write path, with its
 * audit row in the same transaction.
 */
export function createStudioService(ctx: StudioContext) {
  return {
    listCourses: (actor: TUser) => listCourses(ctx, actor),
    getCourse: (actor: TUser, courseId: string) => getCourse(ctx, actor, courseId),
    createCourse: (actor: TUser, body: TCourseCreate) => createCourse(ctx, actor, body),
    updateCourse: (actor: TUser, courseId: string, patch: TCoursePatch) => updateCourse(ctx, actor, courseId, patch),
    makePreviewLink: (actor: TUser, courseId: string) => makePreviewLink(ctx, actor, courseId),
    removePreviewLink: (actor: TUser, courseId: string) => removePreviewLink(ctx, actor, courseId),
    listElements: (actor: TUser, courseId: string) => listElements(ctx, actor, courseId),
    addElement: (actor: TUser, courseId: string, body: TElementCreate) => addElement(ctx, actor, courseId, body),
    updateElement: (actor: TUser, elementId: string, patch: TElementPatch) => updateElement(ctx, actor, elementId, patch),
    reorderElements: (actor: TUser, courseId: string, order: string[]) => reorderElements(ctx, actor, courseId, order),
    listAudit: (actor: TUser, q: TAuditQuery) => listAudit(ctx, actor, q),
    listPages: (actor: TUser) => listPages(ctx, actor),
    pagesOfModel: (actor: TUser, model: TPageModelRef) => pagesOfModel(ctx, actor, model),
    renamePage: (actor: TUser, ref: TPageRef, to: string) => renamePage(ctx, actor, ref, to),
    deletePage: (actor: TUser, ref: TPageRef) => deletePage(ctx, actor, ref),
    getPage: (actor: TUser, ref: TPageRef) => getPage(ctx, actor, ref),
    createPage: (actor: TUser, body: TPageCreate) => createPage(ctx, actor, body),
    saveDraft: (actor: TUser, ref: TPageRef, baseRevision: number, document: TPageDocument) => saveDraft(ctx, actor, ref, baseRevision, document),
    discardDraft: (actor: TUser, ref: TPageRef) => discardDraft(ctx, actor, ref),
    publishPage: (actor: TUser, ref: TPageRef, revision: number) => publishPage(ctx, actor, ref, revision),
    listPageVersions: (actor: TUser, ref: TPageRef) => listPageVersions(ctx, actor, ref),
    restorePageVersion: (actor: TUser, ref: TPageRef, version: number) => restorePageVersion(ctx, actor, ref, version),
    getNavigation: (actor: TUser) => getNavigation(ctx, actor),
    putNavigation: (actor: TUser, body: TNavigationPut) => putNavigation(ctx, actor, body),
    listMicrocourses: (actor: TUser) => listMicrocourses(ctx, actor),
    getMicrocourse: (actor: TUser, id: string) => getMicrocourse(ctx, actor, id),
    createMicrocourse: (actor: TUser, body: TMicrocourseCreate) => createMicrocourse(ctx, actor, body),
    updateMicrocourse: (actor: TUser, id: string, patch: TMicrocoursePatch) => updateMicrocourse(ctx, actor, id, patch),
    listVideoEvents: (actor: TUser) => listVideoEvents(ctx, actor),
    getVideoEvent: (actor: TUser, id: string) => getVideoEvent(ctx, actor, id),
    createVideoEvent: (actor: TUser, body: TVideoEventCreate) => createVideoEvent(ctx, actor, body),
    updateVideoEvent: (actor: TUser, id: string, patch: TVideoEventPatch) => updateVideoEvent(ctx, actor, id, patch),
    addEpisode: (actor: TUser, eventId: string, body: TEpisodeCreate) => addEpisode(ctx, actor, eventId, body),
    updateEpisode: (actor: TUser, id: string, patch: TEpisodePatch) => updateEpisode(ctx, actor, id, patch),
    deleteEpisode: (actor: TUser, id: string) => deleteEpisode(ctx, actor, id),
    reorderEpisodes: (actor: TUser, eventId: string, order: string[]) => reorderEpisodes(ctx, actor, eventId, order),
  };
}
export type StudioService = ReturnType<typeof createStudioService>;
