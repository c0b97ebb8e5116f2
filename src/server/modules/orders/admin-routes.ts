import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZAdminOrderList, ZAdminOrderQuery, ZCoupon, ZCouponCode, ZCouponInput } from "../../../domain/order";
import { requireUser } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import type { OrdersService } from "./service";

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };

/** The back office's orders and coupons (portal admins; everyone else 403 AUTH-DENY). */
export const ordersAdminRoutes =
  (orders: OrdersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/admin/orders",
      {
        schema: {
          tags: ["admin"],
          operationId: "listAdminOrders",
          summary: "Every order of the portal, newest first, with filters (admins)",
          description: "Filters by status, gateway, course, user, e-mail (contains) and creation time; `after` pages on.",
          querystring: ZAdminOrderQuery,
          response: { 200: ZAdminOrderList, ...errors },
        },
      },
      async (req) => orders.adminOrders((await requireUser(req)).user, req.query),
    );
    app.get(
      "/admin/coupons",
      {
        schema: {
          tags: ["admin"],
          operationId: "listCoupons",
          summary: "The portal's coupons (admins)",
          description: "Every coupon with its uses, newest first.",
          response: { 200: z.object({ coupons: z.array(ZCoupon) }), ...errors },
        },
      },
      async (req) => ({ coupons: await orders.listCoupons((await requireUser(req)).user) }),
    );
    app.post(
      "/admin/coupons",
      {
        schema: {
          tags: ["admin"],
          operationId: "createCoupon",
          summary: "Make a coupon (admins)",
          description: "Percent (whole 1-100) or fixed in a currency; one course or all; optional expiry and use limit.",
          body: ZCouponInput,
          response: { 200: ZCoupon, ...errors },
        },
      },
      async (req) => orders.createCoupon((await requireUser(req)).user, req.body),
    );
    app.post(
      "/admin/coupons/:code/deactivate",
      {
        schema: {
          tags: ["admin"],
          operationId: "deactivateCoupon",
          summary: "Switch a coupon off (admins)",
          description: "Orders already made with it keep their price; new ones are refused COUPON-UNKNOWN.",
          params: z.object({ code: ZCouponCode }),
          body: z.object({}).nullish(),
          response: { 200: ZCoupon, ...errors },
        },
      },
      async (req) => orders.deactivateCoupon((await requireUser(req)).user, req.params.code),
    );
  };
