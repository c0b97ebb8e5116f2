import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../domain/errors";
import {
  ZGift,
  ZGiftClaim,
  ZGiftToken,
  ZOrder,
  ZOrderId,
  ZOrderList,
  ZOrderQuote,
  ZOrderQuoteQuery,
  ZOrderRequest,
  ZOrderResponse,
} from "../../../domain/order";
import { requireUser } from "../../platform/auth/request-auth";
import { ZText } from "../../../domain/validation/safe-text";
import { ZErrorReply } from "../../platform/errors";
import { rateLimit } from "../../platform/rate-limit";
import type { OrdersService } from "./service";

/** Orders made per client address and window: a buy step retried many times, not a flood of rows. */
export const ORDER_RATE_LIMIT = 30;
/** Gift claims per client address and window. */
export const GIFT_CLAIM_RATE_LIMIT = 10;

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply, 410: ZErrorReply, 429: ZErrorReply };
/** A language of the portal for titles (else each order's own language). */
const ZLangQuery = z.object({
  lang: ZText.regex(/^[a-z]{2,3}$/).optional(),
});

/** The buyer: a guest or an anonymous session must register first (seed 001 buy-course). */
async function buyer(req: FastifyRequest) {
  const a = await req.auth();
  if (a.kind === "bad-token") throw new AppError("TOKEN_BAD", "The access token is not valid");
  if (a.kind === "guest") throw new AppError("REGISTRATION_REQUIRED", "Sign up to buy a course");
  return a.user;
}

/** The learner's side of orders (docs/decisions/0031, docs/api/orders.md): make, quote, read; gifts. */
export const ordersRoutes =
  (orders: OrdersService, windowMs: number): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/orders",
      {
        config: { ...rateLimit(ORDER_RATE_LIMIT, windowMs), auth: "signed-in" },
        schema: {
          tags: ["orders"],
          operationId: "makeOrder",
          summary: "Make an order for one paid course and get its signed checkout form (registered learners)",
          description:
            "Seed 000 §3: price and currency come from the course; an open order of the course is reused; a 100% coupon pays at once (next: result).",
          body: ZOrderRequest,
          response: { 200: ZOrderResponse, ...errors },
        },
      },
      async (req) => orders.makeOrder(await buyer(req), req.body, req, req.log),
    );

    app.get(
      "/orders/quote",
      {
        schema: {
          tags: ["orders"],
          operationId: "quoteOrder",
          summary: "What a course costs with a coupon, before ordering (anyone)",
          description: "The course's price and currency and what a coupon takes off; coupon problems are typed COUPON-* errors.",
          querystring: ZOrderQuoteQuery,
          response: { 200: ZOrderQuote, ...errors },
        },
      },
      async (req) => orders.quote(req.query.courseId, req.query.coupon),
    );

    app.get(
      "/orders",
      {
        config: { auth: "user" },
        schema: {
          tags: ["orders"],
          operationId: "listMyOrders",
          summary: "The signed-in learner's orders, newest first",
          description: "Every order of the caller on this portal with its history, receipt number and gift.",
          querystring: ZLangQuery,
          response: { 200: ZOrderList, ...errors },
        },
      },
      async (req) => ({ orders: await orders.listMyOrders((await requireUser(req)).user, req.query.lang) }),
    );

    app.get(
      "/orders/:id",
      {
        config: { auth: "user" },
        schema: {
          tags: ["orders"],
          operationId: "getOrder",
          summary: "One of the caller's orders (the result page polls it while it is open)",
          description: "Another user's or an unknown order is 404 ORDER-NOT-FOUND.",
          params: z.object({ id: ZOrderId }),
          querystring: ZLangQuery,
          response: { 200: ZOrder, ...errors },
        },
      },
      async (req) => orders.getOrder((await requireUser(req)).user, req.params.id, req.query.lang),
    );

    app.get(
      "/gifts/:token",
      {
        schema: {
          tags: ["gifts"],
          operationId: "getGift",
          summary: "A gift as its recipient's link shows it",
          description: "The course, who gave it, the message, the address it is for and whether it was received.",
          params: z.object({ token: ZGiftToken }),
          querystring: ZLangQuery,
          response: { 200: ZGift, ...errors },
        },
      },
      async (req) => orders.getGift(req.params.token, req.query.lang),
    );

    app.post(
      "/gifts/claim",
      {
        config: { ...rateLimit(GIFT_CLAIM_RATE_LIMIT, windowMs), auth: "signed-in" },
        schema: {
          tags: ["gifts"],
          operationId: "claimGift",
          summary: "Receive a gift: the course is granted to the signed-in learner with the gift's address, once",
          description: "Registered learners only; another address is 403 GIFT-OTHER-EMAIL, a second claim 409 GIFT-ALREADY-CLAIMED.",
          body: ZGiftClaim,
          response: { 200: ZGift, ...errors },
        },
      },
      async (req) => orders.claimGift(await buyer(req), req.body.token),
    );
  };
