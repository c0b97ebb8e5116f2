import type { TAuditQuery, TCourseCreate, TCoursePatch, TElementCreate, TElementPatch } from "../../../domain/studio";
import type { TUser } from "../../../domain/user";
import type { TPageCreate, TPageDocument } from "../../../domain/studio-pages";
import { createPage, getPage, listPages } from "./operations/pages";
import { discardDraft, listPageVersions, publishPage, restorePageVersion, saveDraft } from "./operations/page-publishing";
import { listAudit } from "./operations/audit";
import type { StudioContext } from "./operations/context";
import { createCourse, getCourse, listCourses, makePreviewLink, removePreviewLink, updateCourse } from "./operations/courses";
import { addElement, listElements, reorderElements, updateElement } from "./operations/elements";

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
    getPage: (actor: TUser, alias: string) => getPage(ctx, actor, alias),
    createPage: (actor: TUser, body: TPageCreate) => createPage(ctx, actor, body),
    saveDraft: (actor: TUser, alias: string, baseRevision: number, document: TPageDocument) => saveDraft(ctx, actor, alias, baseRevision, document),
    discardDraft: (actor: TUser, alias: string) => discardDraft(ctx, actor, alias),
    publishPage: (actor: TUser, alias: string, revision: number) => publishPage(ctx, actor, alias, revision),
    listPageVersions: (actor: TUser, alias: string) => listPageVersions(ctx, actor, alias),
    restorePageVersion: (actor: TUser, alias: string, version: number) => restorePageVersion(ctx, actor, alias, version),
  };
}
export type StudioService = ReturnType<typeof createStudioService>;
