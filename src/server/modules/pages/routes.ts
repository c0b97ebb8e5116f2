import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZPage, ZPageQuery } from "../../../domain/page";
import { requestViewer } from "../../../domain/learning-access";
import { ZErrorReply } from "../../platform/errors";
import type { PagesService } from "./service";
import { ZText } from "../../../domain/validation/safe-text";

const ZAlias = z.object({
  alias: ZText.min(1)
    .max(120)
    .regex(/^[a-z0-9][a-z0-9-]*$/i),
});
const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };

export const pagesRoutes =
  (pages: PagesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/pages/by-alias/:alias",
      {
        schema: {
          tags: ["pages"],
          operationId: "getPageByAlias",
          summary:
            "Published page by alias in one language; a page bound to a course, element or microcourse follows that content's access rule (403 ELEMENT-LOCKED, COURSE-NOT-BOUGHT, REGISTRATION-REQUIRED)",
          description: "Reads a page built from blocks by its alias, for the page renderer.",
          params: ZAlias,
          querystring: ZPageQuery,
          response: { 200: ZPage, ...errors },
        },
      },
      async (req) => pages.getByAlias(requestViewer(await req.auth()), req.params.alias, req.query),
    );
    app.get(
      "/pages/by-model/:name/:id",
      {
        schema: {
          tags: ["pages"],
          operationId: "getPageByModel",
          summary:
            "Published page bound to a model (course, element, microcourse), answered only when the caller may read that model (same 403s as GET /elements/{id})",
          description: "Reads the page that renders a course, an element or a microcourse.",
          // Model names and ids are plain slugs, as every model id is (course, element, microcourse ids).
          params: z.object({
            name: ZText.min(1)
              .max(40)
              .regex(/^[a-z][a-z-]*$/),
            id: ZText.min(1)
              .max(120)
              .regex(/^[A-Za-z0-9_-]+$/),
          }),
          querystring: ZPageQuery,
          response: { 200: ZPage, ...errors },
        },
      },
      async (req) => pages.getByModel(requestViewer(await req.auth()), req.params, req.query),
    );
    app.get(
      "/pages/templates/:alias",
      {
        schema: {
          tags: ["pages"],
          operationId: "getPageTemplate",
          summary: "Page template by alias, falling back to the primary and fallback languages",
          description: "Reads a page template in the asked language or its fallbacks; public.",
          params: ZAlias,
          querystring: ZPageQuery,
          response: { 200: ZPage, ...errors },
        },
      },
      async (req) => pages.getTemplate(requestViewer(await req.auth()), req.params.alias, req.query),
    );
  };
