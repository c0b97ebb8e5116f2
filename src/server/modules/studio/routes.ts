import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZCourseId } from "../../../domain/course";
import {
  ZAuditPage,
  ZAuditQuery,
  ZCourseCreate,
  ZCoursePatch,
  ZElementCreate,
  ZElementId,
  ZElementOrder,
  ZElementPatch,
  ZPreviewLink,
  ZStudioCourse,
  ZStudioCourseList,
  ZStudioElement,
  ZStudioElementList,
} from "../../../domain/studio";
import { ZMicrocourseCreate, ZMicrocoursePatch, ZStudioMicrocourse, ZStudioMicrocourseList } from "../../../domain/studio-microcourses";
import { ZNavigationPut, ZStudioNavigation } from "../../../domain/studio-navigation";
import {
  ZEpisodeCreate,
  ZEpisodeId,
  ZEpisodeOrder,
  ZEpisodePatch,
  ZStudioEpisode,
  ZStudioEpisodeList,
  ZStudioVideoEvent,
  ZStudioVideoEventList,
  ZVideoEventCreate,
  ZVideoEventPatch,
} from "../../../domain/studio-video-events";
import { AppError } from "../../../domain/errors";
import { requireUser } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import type { StudioService } from "./service";

const reads = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };
const writes = { ...reads, 409: ZErrorReply, 413: ZErrorReply, 415: ZErrorReply };
const course = z.object({ courseId: ZCourseId });
const element = z.object({ elementId: ZElementId });
const byId = z.object({ id: ZCourseId });
const episode = z.object({ episodeId: ZEpisodeId });
const settingsWho = "Portal settings: admin and mp-admin only (ADMINS-ONLY otherwise).";
const who = "Authors only: admin, mp-admin, mp-leader (AUTHORS-ONLY otherwise).";

/** The creator studio's API (issue 15, docs/api/studio.md): thin routes, the policy and the rules live in the service. */
export const studioRoutes =
  (studio: StudioService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ["studio"];
    app.get(
      "/admin/courses",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioListCourses",
          summary: "Every course of the portal, published, hidden or not",
          description: who,
          response: { 200: ZStudioCourseList, ...reads },
        },
      },
      async (req) => ({ courses: await studio.listCourses((await requireUser(req)).user) }),
    );
    app.post(
      "/admin/courses",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioCreateCourse",
          summary: "Create a course",
          description: `${who} The id is the course's address; a taken one is COURSE-ID-TAKEN (409). A title in at least one of the portal's languages is required (TITLE-REQUIRED otherwise).`,
          body: ZCourseCreate,
          response: { 201: ZStudioCourse, ...writes },
        },
      },
      async (req, reply) => reply.status(201).send(await studio.createCourse((await requireUser(req)).user, req.body)),
    );
    app.patch(
      "/admin/courses/:courseId",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioUpdateCourse",
          summary: "Change a course's texts (merged per language) and settings",
          description: `${who} Every instance shows the change on the next read.`,
          params: course,
          body: ZCoursePatch,
          response: { 200: ZStudioCourse, ...writes },
        },
      },
      async (req) => studio.updateCourse((await requireUser(req)).user, req.params.courseId, req.body),
    );
    app.post(
      "/admin/courses/:courseId/preview-link",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioMakePreviewLink",
          summary: "Make a new creator preview link for the course, ending the old one",
          description: `${who} Only the secret's hash is stored: the reply is the one time the secret is shown.`,
          params: course,
          response: { 201: ZPreviewLink, ...writes },
        },
      },
      async (req, reply) => reply.status(201).send(await studio.makePreviewLink((await requireUser(req)).user, req.params.courseId)),
    );
    app.delete(
      "/admin/courses/:courseId/preview-link",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioRemovePreviewLink",
          summary: "End the course's preview link",
          description: who,
          params: course,
          response: { 200: ZStudioCourse, ...writes },
        },
      },
      async (req) => studio.removePreviewLink((await requireUser(req)).user, req.params.courseId),
    );
    app.get(
      "/admin/courses/:courseId/elements",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioListElements",
          summary: "A course's elements in their order, visible or not",
          description: who,
          params: course,
          response: { 200: ZStudioElementList, ...reads },
        },
      },
      async (req) => ({ elements: await studio.listElements((await requireUser(req)).user, req.params.courseId) }),
    );
    app.post(
      "/admin/courses/:courseId/elements",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioAddElement",
          summary: "Add a lesson, test or webinar at the end of a course",
          description: `${who} A title in at least one of the portal's languages is required (TITLE-REQUIRED otherwise).`,
          params: course,
          body: ZElementCreate,
          response: { 201: ZStudioElement, ...writes },
        },
      },
      async (req, reply) => reply.status(201).send(await studio.addElement((await requireUser(req)).user, req.params.courseId, req.body)),
    );
    app.put(
      "/admin/courses/:courseId/elements/order",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioReorderElements",
          summary: "Put a course's elements in a new order",
          description: `${who} Names every element of the course exactly once; otherwise ELEMENT-ORDER-MISMATCH (409) and nothing moves.`,
          params: course,
          body: ZElementOrder,
          response: { 200: ZStudioElementList, ...writes },
        },
      },
      async (req) => ({ elements: await studio.reorderElements((await requireUser(req)).user, req.params.courseId, req.body.elementIds) }),
    );
    app.patch(
      "/admin/elements/:elementId",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioUpdateElement",
          summary: "Change an element's title (merged per language), duration, cover or visibility",
          description: who,
          params: element,
          body: ZElementPatch,
          response: { 200: ZStudioElement, ...writes },
        },
      },
      async (req) => studio.updateElement((await requireUser(req)).user, req.params.elementId, req.body),
    );
    app.get(
      "/admin/audit",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioAuditLog",
          summary: "Who changed what in the studio, newest first",
          description: `${who} Page on with before=nextBefore.`,
          querystring: ZAuditQuery,
          response: { 200: ZAuditPage, ...reads },
        },
      },
      async (req) => studio.listAudit((await requireUser(req)).user, req.query),
    );
    app.get(
      "/admin/navigation",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioGetNavigation",
          summary: "The navigation tree as a flat list (depth first, each item naming its parentId) with its version",
          description: settingsWho,
          response: { 200: ZStudioNavigation, ...reads },
        },
      },
      async (req) => studio.getNavigation((await requireUser(req)).user),
    );
    app.put(
      "/admin/navigation",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioPutNavigation",
          summary: "Replace the whole navigation tree",
          description: `${settingsWho} Flat items with parentId; siblings keep the list's order. Refused with nothing written: NAVIGATION-CYCLE, NAVIGATION-DUPLICATE-ID, NAVIGATION-PARENT-MISSING, NAVIGATION-TOO-DEEP (more than 3 levels), PAGE-NOT-FOUND (an alias with no page), VALIDATION (unsafe link, missing primary title), NAVIGATION-STALE (409, baseVersion is not the current version). Details name the item (itemId).`,
          body: ZNavigationPut,
          response: { 200: ZStudioNavigation, ...writes },
        },
      },
      async (req) => studio.putNavigation((await requireUser(req)).user, req.body),
    );
    app.get(
      "/admin/microcourses",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioListMicrocourses",
          summary: "Every microcourse of the portal, published, hidden or not",
          description: who,
          response: { 200: ZStudioMicrocourseList, ...reads },
        },
      },
      async (req) => ({ microcourses: await studio.listMicrocourses((await requireUser(req)).user) }),
    );
    app.get(
      "/admin/microcourses/:id",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioGetMicrocourse",
          summary: "One microcourse as the studio sees it",
          description: who,
          params: byId,
          response: { 200: ZStudioMicrocourse, ...reads },
        },
      },
      async (req) => {
        const found = await studio.getMicrocourse((await requireUser(req)).user, req.params.id);
        if (!found) throw new AppError("NOT_FOUND", `No microcourse ${req.params.id}`);
        return found;
      },
    );
    app.post(
      "/admin/microcourses",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioCreateMicrocourse",
          summary: "Create a microcourse",
          description: `${who} The id is its address; a taken one is MICROCOURSE-ID-TAKEN (409). A title in at least one of the portal's languages is required (TITLE-REQUIRED otherwise).`,
          body: ZMicrocourseCreate,
          response: { 201: ZStudioMicrocourse, ...writes },
        },
      },
      async (req, reply) => reply.status(201).send(await studio.createMicrocourse((await requireUser(req)).user, req.body)),
    );
    app.patch(
      "/admin/microcourses/:id",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioUpdateMicrocourse",
          summary: "Change a microcourse's texts (merged per language) and settings",
          description: who,
          params: byId,
          body: ZMicrocoursePatch,
          response: { 200: ZStudioMicrocourse, ...writes },
        },
      },
      async (req) => studio.updateMicrocourse((await requireUser(req)).user, req.params.id, req.body),
    );
    app.get(
      "/admin/video-events",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioListVideoEvents",
          summary: "Every video event of the portal with its episodes",
          description: who,
          response: { 200: ZStudioVideoEventList, ...reads },
        },
      },
      async (req) => ({ videoEvents: await studio.listVideoEvents((await requireUser(req)).user) }),
    );
    app.get(
      "/admin/video-events/:id",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioGetVideoEvent",
          summary: "One video event with its episodes",
          description: who,
          params: byId,
          response: { 200: ZStudioVideoEvent, ...reads },
        },
      },
      async (req) => {
        const found = await studio.getVideoEvent((await requireUser(req)).user, req.params.id);
        if (!found) throw new AppError("NOT_FOUND", `No video event ${req.params.id}`);
        return found;
      },
    );
    app.post(
      "/admin/video-events",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioCreateVideoEvent",
          summary: "Create a video event",
          description: `${who} The id is its address; a taken one is VIDEO-EVENT-ID-TAKEN (409).`,
          body: ZVideoEventCreate,
          response: { 201: ZStudioVideoEvent, ...writes },
        },
      },
      async (req, reply) => reply.status(201).send(await studio.createVideoEvent((await requireUser(req)).user, req.body)),
    );
    app.patch(
      "/admin/video-events/:id",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioUpdateVideoEvent",
          summary: "Change a video event's texts (merged per language) and settings",
          description: who,
          params: byId,
          body: ZVideoEventPatch,
          response: { 200: ZStudioVideoEvent, ...writes },
        },
      },
      async (req) => studio.updateVideoEvent((await requireUser(req)).user, req.params.id, req.body),
    );
    app.post(
      "/admin/video-events/:id/episodes",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioAddEpisode",
          summary: "Add a dated episode at the end of a video event",
          description: `${who} startDate is ISO 8601 with an offset or Z; videoUrl is http(s).`,
          params: byId,
          body: ZEpisodeCreate,
          response: { 201: ZStudioEpisode, ...writes },
        },
      },
      async (req, reply) => reply.status(201).send(await studio.addEpisode((await requireUser(req)).user, req.params.id, req.body)),
    );
    app.put(
      "/admin/video-events/:id/episodes/order",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioReorderEpisodes",
          summary: "Put a video event's episodes in a new order",
          description: `${who} Names every episode of the event exactly once; otherwise EPISODE-ORDER-MISMATCH (409) and nothing moves.`,
          params: byId,
          body: ZEpisodeOrder,
          response: { 200: ZStudioEpisodeList, ...writes },
        },
      },
      async (req) => ({ episodes: await studio.reorderEpisodes((await requireUser(req)).user, req.params.id, req.body.episodeIds) }),
    );
    app.patch(
      "/admin/episodes/:episodeId",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioUpdateEpisode",
          summary: "Change an episode's title (merged per language), start or video",
          description: who,
          params: episode,
          body: ZEpisodePatch,
          response: { 200: ZStudioEpisode, ...writes },
        },
      },
      async (req) => studio.updateEpisode((await requireUser(req)).user, req.params.episodeId, req.body),
    );
    app.delete(
      "/admin/episodes/:episodeId",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "studioDeleteEpisode",
          summary: "Delete an episode",
          description: who,
          params: episode,
          response: { 204: z.null(), ...writes },
        },
      },
      async (req, reply) => {
        await studio.deleteEpisode((await requireUser(req)).user, req.params.episodeId);
        return reply.status(204).send(null);
      },
    );
  };
