import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZPage, ZPageQuery } from "../../../domain/page";
import { ZErrorReply } from "../../platform/errors";
import type { PagesService } from "./service";
import { ZText } from "../../../domain/validation/safe-text";

const ZAlias = z.object({ alias: ZText.min(1).max(120).regex(/^[a-z0-9][a-z0-9-]*$/i) });
const errors = { 400: ZErrorReply, 404: ZErrorReply };

export const pagesRoutes =
  (pages: PagesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/pages/by-alias/:alias",
      {
        schema: {
          tags: ["pages"],
          summary: "Published page by alias in one language",
          params: ZAlias,
          querystring: ZPageQuery,
          response: { 200: ZPage, ...errors },
        },
      },
      async (req) => pages.getByAlias(req.params.alias, req.query),
    );
    app.get(
      "/pages/by-model/:name/:id",
      {
        schema: {
          tags: ["pages"],
          summary: "Published page bound to a model (e.g. a course)",
          params: z.object({ name: ZText.min(1).max(40), id: ZText.min(1).max(120) }),
          querystring: ZPageQuery,
          response: { 200: ZPage, ...errors },
        },
      },
      async (req) => pages.getByModel(req.params, req.query),
    );
    app.get(
      "/pages/templates/:alias",
      {
        schema: {
          tags: ["pages"],
          summary: "Page template by alias, falling back to the primary and fallback languages",
          params: ZAlias,
          querystring: ZPageQuery,
          response: { 200: ZPage, ...errors },
        },
      },
      async (req) => pages.getTemplate(req.params.alias, req.query),
    );
  };
