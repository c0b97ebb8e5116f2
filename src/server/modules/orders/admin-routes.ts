import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZAdminOrderList, ZAdminOrderQuery, ZCoupon, ZCouponCode, ZCouponInput } from "../../../domain/order";
import { ZText } from "../../../domain/validation/safe-text";
import { ZAdminOrderDetail, ZAdminOrderFilter, ZOrderTotals, ZRefundRequest } from "../../../domain/order-admin";
import { requireUser } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import type { OrdersService } from "./service";

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };

/** The back office's orders, money and coupons (portal admins and mp-admin; everyone else 403 ADMINS-ONLY). */
export const ordersAdminRoutes =
  (orders: OrdersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/admin/orders",
      {
        config: { auth: "user" },
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
      "/admin/orders/totals",
      {
        config: { auth: "user" },
        schema: {
          tags: ["admin"],
          operationId: "adminOrderTotals",
          summary: "Totals per currency of every order the filter matches (admins)",
          description: "Count, amount, paid and refunded amounts in minor units (as stored), per currency; the list's filters without paging.",
          querystring: ZAdminOrderFilter,
          response: { 200: ZOrderTotals, ...errors },
        },
      },
      async (req) => orders.orderTotals((await requireUser(req)).user, req.query),
    );
    app.get(
      "/admin/orders.csv",
      {
        config: { auth: "user" },
        schema: {
          tags: ["admin"],
          operationId: "exportAdminOrders",
          summary: "The filtered orders as a CSV file (admins)",
          description: "UTF-8 with a BOM, every cell quoted, formula-looking cells made inert; newest first, at most 10 000 rows.",
          querystring: ZAdminOrderFilter,
          response: { 200: z.string().describe("text/csv"), ...errors },
        },
      },
      async (req, reply) => {
        const csv = await orders.ordersCsv((await requireUser(req)).user, req.query);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="orders-${day}.csv"`)
          .header("cache-control", "private, no-store")
          .send(csv);
      },
    );
    app.get(
      "/admin/orders/:orderId",
      {
        config: { auth: "user" },
        schema: {
          tags: ["admin"],
          operationId: "getAdminOrder",
          summary: "One order with its history, provider callbacks and refund (admins)",
          description:
            "Callbacks show whether they verified, the provider's status and when; never bodies or signatures. 404 ORDER-NOT-FOUND for unknown or another portal's ids.",
          params: z.object({ orderId: ZText.min(1).max(100) }),
          response: { 200: ZAdminOrderDetail, ...errors },
        },
      },
      async (req) => orders.orderDetail((await requireUser(req)).user, req.params.orderId),
    );
    app.post(
      "/admin/orders/:orderId/refund",
      {
        config: { auth: "user" },
        schema: {
          tags: ["admin"],
          operationId: "refundAdminOrder",
          summary: "Record a refund and reverse a paid order (admins)",
          description:
            "Amount in major units, at most the order's (absent: all of it); the order moves to reversed and access follows the reversal rule. 409 ORDER-NOT-REFUNDABLE when not paid, ORDER-ALREADY-REFUNDED the second time.",
          params: z.object({ orderId: ZText.min(1).max(100) }),
          body: ZRefundRequest,
          response: { 200: ZAdminOrderDetail, ...errors },
        },
      },
      async (req) => orders.refundOrder((await requireUser(req)).user, req.params.orderId, req.body, req, req.log),
    );
    app.get(
      "/admin/coupons",
      {
        config: { auth: "user" },
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
        config: { auth: "user" },
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
        config: { auth: "user" },
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
