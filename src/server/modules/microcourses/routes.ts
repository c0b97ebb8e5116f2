import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZLang } from "../../../domain/course";
import { ZMicrocourseListPage, ZMicrocourseListQuery, ZMicrocourseWithComponents } from "../../../domain/microcourse";
import { requestViewer } from "../../../domain/learning-access";
import { ZErrorReply } from "../../platform/errors";
import type { MicrocoursesService } from "./service";
import { ZText } from "../../../domain/validation/safe-text";

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };

export const microcoursesRoutes =
  (microcourses: MicrocoursesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/microcourses",
      {
        schema: {
          tags: ["microcourses"],
          operationId: "listMicrocourses",
          summary: "List microcourses (limit 100) with relativeUrl and the caller's access, a keyset page at a time: cursor/before from nextCursor/prevCursor",
          description: "Lists the published microcourses, `limit` (100) at a time in list order.",
          querystring: ZMicrocourseListQuery,
          response: { 200: ZMicrocourseListPage, ...errors },
        },
      },
      async (req) => microcourses.list(requestViewer(await req.auth(), { badToken: "refuse" }), req.query),
    );
    app.get(
      "/microcourses/:id",
      {
        schema: {
          tags: ["microcourses"],
          operationId: "getMicrocourse",
          summary: "Get a microcourse with components; guests and session users get REGISTRATION-REQUIRED where they must sign in",
          description: "Reads one microcourse when the caller may open it.",
          params: z.object({
            id: ZText.min(1)
              .max(120)
              .regex(/^[A-Za-z0-9_-]+$/),
          }),
          querystring: z.object({ lang: ZLang }),
          response: { 200: ZMicrocourseWithComponents, ...errors },
        },
      },
      async (req) => microcourses.get(requestViewer(await req.auth(), { badToken: "refuse" }), req.params.id, req.query),
    );
  };
