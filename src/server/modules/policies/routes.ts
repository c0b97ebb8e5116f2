import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZPolicy } from "../../../domain/policy";
import { ZErrorReply } from "../../platform/errors";
import type { PoliciesService } from "./service";
import { ZText } from "../../../domain/validation/safe-text";

export const policiesRoutes =
  (policies: PoliciesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/policies/:category",
      {
        schema: {
          tags: ["pages"],
          operationId: "getPolicyPage",
          summary: "A terms/policy page by category in one language, or the category's template",
          description: "Reads a terms or policy page for the policy viewer; public.",
          params: z.object({ category: ZText.min(1).max(60) }),
          querystring: z.object({ lang: ZText.min(2).max(8) }),
          response: { 200: ZPolicy, 400: ZErrorReply, 404: ZErrorReply },
        },
      },
      async (req) => policies.get(req.params.category, req.query.lang),
    );
  };
