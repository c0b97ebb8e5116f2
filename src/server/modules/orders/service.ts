import type { z } from "zod";
import { AppError } from "../../../domain/errors";
import type { ZAdminOrderFilter, ZRefundRequest } from "../../../domain/order-admin";
import type { TGift, TOrder, TOrderQuote, TOrderResponse, TPaymentGateways, TSandboxDecision, TSandboxPayment, ZCouponInput } from "../../../domain/order";
import type { TUser } from "../../../domain/user";
import type { RequestHost } from "../../platform/public-origin";
import { adminOrders, createCoupon, deactivateCoupon, listCoupons, type TAdminOrderQueryOutput } from "./operations/back-office";
import { orderDetail, ordersCsv, orderTotals, refundOrder } from "./operations/money";
import { type CallbackRoute, receiveCallback, refuseUnread } from "./operations/callbacks";
import type { OrdersContext, OrdersLog, RequestPlace } from "./operations/context";
import { claimGift, getGift } from "./operations/gifts";
import { makeOrder, quote, type OrderRequest } from "./operations/make-order";
import { getOrder, listMyOrders, mayWatchOrder, returnPath } from "./operations/read-orders";
import { sandboxCheckout, sandboxDecide, sandboxPayment } from "./operations/sandbox";

export type OrdersDeps = Omit<OrdersContext, "now"> & {
  now?: () => Date;
  /** Delivers a sandbox callback over HTTP; true when the route accepted it (2xx). */
  deliver?: (url: string, body: string) => Promise<boolean>;
};

/** Posts a LiqPay-format form to our own callback route, as LiqPay would. */
async function postForm(url: string, body: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(15_000),
    });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Orders and payments (issue 11, docs/decisions/0031): making orders and their checkout forms,
 * provider callbacks, the sandbox checkout, gifts, receipts, and the back office's lists. The API
 * routes and SSR loaders call these.
 */
export function createOrdersService(deps: OrdersDeps) {
  const ctx: OrdersContext = { ...deps, now: deps.now ?? (() => new Date()) };
  const deliver = deps.deliver ?? postForm;
  const timers = new Set<NodeJS.Timeout>();
  /** Where this request's links and the providers' addresses point. */
  const placeOf = (req: RequestHost, log: OrdersLog): RequestPlace => {
    const origin = ctx.publicOrigin(req);
    return { origin, paymentsBase: ctx.paymentsPublicUrl?.replace(/\/+$/, "") ?? origin, log };
  };
  return {
    /** The gateways this portal offers and its default (the buy step needs no more). */
    gateways(): TPaymentGateways {
      return {
        gateways: ctx.gateways.offered().map((g) => ({ id: g.id, currencies: [...g.currencies], test: g.test })),
        default: ctx.gateways.defaultId,
      };
    },
    /** Provider pages a checkout form goes to: the pages' CSP form-action allows them. */
    checkoutOrigins: (): string[] => ctx.gateways.formActionOrigins(),
    quote: (courseId: string, coupon?: string): Promise<TOrderQuote> => quote(ctx, courseId, coupon),
    makeOrder: (buyer: TUser, req: OrderRequest, at: RequestHost, log: OrdersLog): Promise<TOrderResponse> => makeOrder(ctx, buyer, req, placeOf(at, log)),
    getOrder: (user: TUser, id: string, lang?: string): Promise<TOrder> => getOrder(ctx, user, id, lang),
    /** The realtime hub's check of `order:{id}` topics: the owner only. */
    mayWatchOrder: (user: TUser, id: string): Promise<boolean> => mayWatchOrder(ctx, user, id),
    listMyOrders: (user: TUser, lang?: string): Promise<TOrder[]> => listMyOrders(ctx, user, lang),
    returnPath: (id: string): Promise<string> => returnPath(ctx, id),
    receiveCallback: (route: CallbackRoute, raw: Buffer | undefined, at: RequestHost, log: OrdersLog) => receiveCallback(ctx, route, raw, placeOf(at, log)),
    refuseUnread: (route: CallbackRoute, reason: string, log: OrdersLog) => refuseUnread(ctx, route, reason, log),
    /** The signed reply WayForPay needs for a verified callback. */
    wayforpayAccept(orderReference: string) {
      if (!ctx.gateways.wayforpay) throw new AppError("PAYMENT_CALLBACK_REFUSED", "WayForPay is not configured");
      return ctx.gateways.wayforpay.accept(orderReference, ctx.now());
    },
    sandboxCheckout: (raw: Buffer | undefined): Promise<string> => sandboxCheckout(ctx, raw),
    sandboxPayment: (orderId: string, ticket: string): Promise<TSandboxPayment> => sandboxPayment(ctx, orderId, ticket),
    sandboxDecide: (d: TSandboxDecision, at: RequestHost, log: OrdersLog) => sandboxDecide(ctx, d, placeOf(at, log), timers, deliver),
    getGift: (token: string, lang?: string): Promise<TGift> => getGift(ctx, token, lang),
    claimGift: (user: TUser, token: string): Promise<TGift> => claimGift(ctx, user, token),
    adminOrders: (user: TUser, q: TAdminOrderQueryOutput) => adminOrders(ctx, user, q),
    orderTotals: (user: TUser, q: z.output<typeof ZAdminOrderFilter>) => orderTotals(ctx, user, q),
    ordersCsv: (user: TUser, q: z.output<typeof ZAdminOrderFilter>) => ordersCsv(ctx, user, q),
    orderDetail: (user: TUser, id: string) => orderDetail(ctx, user, id),
    refundOrder: (user: TUser, id: string, body: z.output<typeof ZRefundRequest>, at: RequestHost, log: OrdersLog) =>
      refundOrder(ctx, user, id, body, placeOf(at, log)),
    listCoupons: (user: TUser) => listCoupons(ctx, user),
    createCoupon: (user: TUser, input: z.output<typeof ZCouponInput>) => createCoupon(ctx, user, input),
    deactivateCoupon: (user: TUser, code: string) => deactivateCoupon(ctx, user, code),
    /** Stops the sandbox's pending "pay later" deliveries (the app is closing). */
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
