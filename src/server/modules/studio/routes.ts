import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZCourseId } from "../../../domain/course";
import { ZCourseTexts, ZCourseTextsPatch } from "../../../domain/studio";
import { requireUser } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import type { StudioService } from "./service";

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 413: ZErrorReply, 415: ZErrorReply };

/** The creator studio's API: authoring of content by portal admins. */
export const studioRoutes =
  (studio: StudioService): FastifyPluginAsyncZod =>
  async (app) => {
    app.patch(
      "/admin/courses/:courseId",
      {
        schema: {
          tags: ["studio"],
          operationId: "updateCourseTexts",
          summary: "Change a course's title and/or description in the named languages (admins)",
          description: "Merges the given languages into the course's texts; every instance shows them on the next read.",
          params: z.object({ courseId: ZCourseId }),
          body: ZCourseTextsPatch,
          response: { 200: ZCourseTexts, ...errors },
        },
      },
      async (req) => {
        const { user } = await requireUser(req);
        return studio.updateCourse(user, req.params.courseId, req.body);
      },
    );
  };
