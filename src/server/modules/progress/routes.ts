import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZCourseId, ZLang } from "../../../domain/course";
import { ZElementId } from "../../../domain/element";
import {
  ZCourseProgress,
  ZElementProgress,
  ZFinishReply,
  ZOpenedElement,
  ZSyncBody,
  ZUpgradeBody,
  ZUpgradeReply,
  ZUserProgress,
  ZUserProgressQuery,
  ZVariableName,
  ZVariableValue,
} from "../../../domain/progress";
import { requestViewer } from "../../../domain/learning-access";
import { ZErrorReply } from "../../platform/errors";
import type { ProgressService } from "./service";
import { ZText } from "../../../domain/validation/safe-text";

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };
/** User ids are slugs (usr-<uuid>); anything else is a malformed id, never a lookup. */
const ZUserQuery = z.object({
  userId: ZText.min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
});
const element = z.object({ elementId: ZElementId });
const course = z.object({ courseId: ZCourseId });

/** Seed 000 §7 progress service. Reads take ?userId= for a learner's mentor and admins; writes are the caller's own. */
export const progressRoutes =
  (progress: ProgressService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/progress",
      {
        schema: {
          tags: ["progress"],
          operationId: "listProgress",
          summary: "A page of the courses a learner has progress in, newest first (yourself, or ?userId= for their mentor and admins)",
          description: "Lists a learner's progress across courses, a page at a time: tab filters, nextCursor is the after of the next page.",
          querystring: ZUserQuery.extend({ lang: ZLang }).extend(ZUserProgressQuery.shape),
          response: { 200: ZUserProgress, ...errors },
        },
      },
      async (req) => progress.userProgress(requestViewer(await req.auth(), { badToken: "refuse" }), req.query),
    );

    app.get(
      "/progress/courses/:courseId",
      {
        schema: {
          tags: ["progress"],
          operationId: "getCourseProgress",
          summary: "A learner's progress in a course: element states, variables, current and opened element",
          description: "Reads a learner's progress in one course.",
          params: course,
          querystring: ZUserQuery,
          response: { 200: ZCourseProgress, ...errors },
        },
      },
      async (req) => progress.courseProgress(requestViewer(await req.auth(), { badToken: "refuse" }), req.params.courseId, req.query.userId),
    );

    app.get(
      "/progress/courses/:courseId/opened-element",
      {
        schema: {
          tags: ["progress"],
          operationId: "getOpenedElement",
          summary: "Course getOpenedElement: start, continue or finished, with id, type, index and number (null without visible elements)",
          description: "Tells which element the continue button of a course leads to.",
          params: course,
          response: { 200: z.object({ openedElement: ZOpenedElement.nullable() }), ...errors },
        },
      },
      async (req) => ({ openedElement: await progress.openedElement(requestViewer(await req.auth(), { badToken: "refuse" }), req.params.courseId) }),
    );

    app.put(
      "/progress/courses/:courseId/variables/:name",
      {
        schema: {
          tags: ["progress"],
          operationId: "setCourseVariable",
          summary: "Course setVariable: store a value by name on your course progress",
          description: "Stores one named value on the signed-in learner's course progress.",
          params: course.extend({ name: ZVariableName }),
          body: z.object({ value: ZVariableValue }).strict(),
          response: { 200: z.object({ courseId: z.string(), variables: z.record(z.string(), ZVariableValue) }), ...errors },
        },
      },
      async (req) => progress.setVariable(requestViewer(await req.auth(), { badToken: "refuse" }), req.params.courseId, req.params.name, req.body.value),
    );

    app.post(
      "/progress/upgrade",
      {
        schema: {
          tags: ["progress"],
          operationId: "upgradeProgress",
          summary: "Upgrade progress: store the states you see (one course or all of yours); force re-checks courses already upgraded",
          description: "Writes the computed element states into the learner's stored progress.",
          body: ZUpgradeBody.nullish(),
          response: { 200: ZUpgradeReply, ...errors },
        },
      },
      async (req) =>
        progress.upgrade(requestViewer(await req.auth(), { badToken: "refuse" }), { courseId: req.body?.courseId, force: req.body?.force ?? false }),
    );

    app.get(
      "/progress/elements/:elementId",
      {
        schema: {
          tags: ["progress"],
          operationId: "getElementProgress",
          summary: "Element get: state, started, finished, history and percent of a learner",
          description: "Reads a learner's progress in one element.",
          params: element,
          querystring: ZUserQuery,
          response: { 200: ZElementProgress, ...errors },
        },
      },
      async (req) => progress.elementProgress(requestViewer(await req.auth(), { badToken: "refuse" }), req.params.elementId, req.query.userId),
    );

    app.post(
      "/progress/elements/:elementId/start",
      {
        schema: {
          tags: ["progress"],
          operationId: "startElement",
          summary: "Element set started (only the first time counts)",
          description: "Records that the signed-in learner started an element.",
          params: element,
          response: { 200: ZElementProgress, ...errors },
        },
      },
      async (req) => progress.start(requestViewer(await req.auth(), { badToken: "refuse" }), req.params.elementId),
    );

    app.post(
      "/progress/elements/:elementId/finish",
      {
        schema: {
          tags: ["progress"],
          operationId: "finishElement",
          summary: "Finish an open element: done with the server's finished time; the next element opens in the same transaction",
          description: "Marks an element done for the signed-in learner and opens the next one.",
          params: element,
          response: { 200: ZFinishReply, ...errors },
        },
      },
      async (req) => progress.finish(requestViewer(await req.auth(), { badToken: "refuse" }), req.params.elementId),
    );

    app.put(
      "/progress/elements/:elementId",
      {
        schema: {
          tags: ["progress"],
          operationId: "syncElementProgress",
          summary: "Element sync: percent and history; state done finishes (refused unless the element is open)",
          description: "Stores the signed-in learner's progress in one element.",
          params: element,
          body: ZSyncBody,
          response: { 200: ZElementProgress, ...errors },
        },
      },
      async (req) => progress.sync(requestViewer(await req.auth(), { badToken: "refuse" }), req.params.elementId, req.body),
    );
  };
