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
import { requireUser } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import type { StudioService } from "./service";

const reads = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };
const writes = { ...reads, 409: ZErrorReply, 413: ZErrorReply, 415: ZErrorReply };
const course = z.object({ courseId: ZCourseId });
const element = z.object({ elementId: ZElementId });
const who = "Authors only: admin, mp-admin, mp-leader (AUTHORS-ONLY otherwise).";

/** The creator studio's API (issue 15, docs/api/studio.md): thin routes, the policy and the rules live in the service. */
export const studioRoutes =
  (studio: StudioService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ["studio"];
    app.get(
      "/admin/courses",
      {
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
        schema: {
          tags,
          operationId: "studioCreateCourse",
          summary: "Create a course",
          description: `${who} The id is the course's address; a taken one is COURSE-ID-TAKEN (409). A title in the portal's primary language is required.`,
          body: ZCourseCreate,
          response: { 201: ZStudioCourse, ...writes },
        },
      },
      async (req, reply) => reply.status(201).send(await studio.createCourse((await requireUser(req)).user, req.body)),
    );
    app.patch(
      "/admin/courses/:courseId",
      {
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
        schema: {
          tags,
          operationId: "studioAddElement",
          summary: "Add a lesson, test or webinar at the end of a course",
          description: `${who} A title in the portal's primary language is required.`,
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
  };
