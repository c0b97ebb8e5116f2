import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZVideoEvent, ZVideoEventQuery } from "../../../domain/video-event";
import { ZErrorReply } from "../../platform/errors";
import type { VideoEventsService } from "./service";
import { ZText } from "../../../domain/validation/safe-text";

const errors = { 400: ZErrorReply, 404: ZErrorReply };

export const videoEventsRoutes =
  (events: VideoEventsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/video-events",
      {
        schema: {
          tags: ["video events"],
          operationId: "listVideoEvents",
          summary: "Published video events with episodes: date (MMM d, yyyy), distance and state opened/today/closed, days counted in ?tz",
          description: "Lists the published video events and their episodes.",
          querystring: ZVideoEventQuery,
          response: { 200: z.object({ videoEvents: z.array(ZVideoEvent) }), ...errors },
        },
      },
      async (req) => ({ videoEvents: await events.list(req.query) }),
    );
    app.get(
      "/video-events/:id",
      {
        schema: {
          tags: ["video events"],
          operationId: "getVideoEvent",
          summary: "A video event with its episodes and their derived state",
          description: "Reads one video event with its episodes.",
          params: z.object({
            id: ZText.min(1)
              .max(120)
              .regex(/^[A-Za-z0-9_-]+$/),
          }),
          querystring: ZVideoEventQuery,
          response: { 200: ZVideoEvent, ...errors },
        },
      },
      async (req) => events.get(req.params.id, req.query),
    );
  };
