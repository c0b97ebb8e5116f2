import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZSubscription, ZSubscriptionRequest } from "../../../domain/blocks/engagement";
import { ZErrorReply } from "../../platform/errors";
import { rateLimit } from "../../platform/rate-limit";
import type { SubscriptionsService } from "./service";

/** Subscriptions per client address and window: enough for a family behind one router, not for a list. */
export const SUBSCRIBE_RATE_LIMIT = 10;

const errors = { 400: ZErrorReply, 403: ZErrorReply, 429: ZErrorReply };

export const subscriptionsRoutes =
  (subscriptions: SubscriptionsService, windowMs: number): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/subscriptions",
      {
        config: rateLimit(SUBSCRIBE_RATE_LIMIT, windowMs),
        schema: {
          tags: ["subscriptions"],
          operationId: "createSubscription",
          summary: "Subscribe an e-mail to a topic (idempotent per e-mail and topic)",
          description: "Subscribes an address to a mailing topic; rate limited.",
          body: ZSubscriptionRequest,
          response: { 200: ZSubscription, ...errors },
        },
      },
      async (req) => subscriptions.subscribe(req.body),
    );
  };
