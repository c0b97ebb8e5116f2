import { z } from "zod";
import { AppError } from "../../../../domain/errors";
import { toCsv } from "../../../../domain/csv";
import { toMajorUnits, toMinorUnits } from "../../../../domain/order";
import { ORDERS_CSV_MAX, type TAdminOrderDetail, type TOrderTotal, type ZAdminOrderFilter, type ZRefundRequest } from "../../../../domain/order-admin";
import type { TUser } from "../../../../domain/user";
import { admin, filterOf } from "./back-office";
import type { OrdersContext, RequestPlace } from "./context";
import { presentOrders } from "./present";
import { moveOrder } from "./transition";

/**
 * The back office's money (issue 16, docs/decisions/0059): totals per currency of a filter, the CSV
 * export, one order with its history and provider callbacks, and refunds.
 */

type TFilter = z.output<typeof ZAdminOrderFilter>;

/** GET /admin/orders/totals: per currency, every order the filter matches (one SQL aggregate; minor units). */
export async function orderTotals(ctx: OrdersContext, user: TUser, q: TFilter): Promise<{ totals: TOrderTotal[] }> {
  admin(user);
  return { totals: await ctx.repo.adminTotals(filterOf(ctx, q)) };
}

const CSV_HEADER = [
  "order_id",
  "created_at",
  "status",
  "gateway",
  "course_id",
  "course_title",
  "user_id",
  "user_email",
  "currency",
  "list_amount",
  "amount",
  "coupon",
  "receipt_number",
  "paid_at",
  "reversed_at",
] as const;

/** GET /admin/orders.csv: the filtered list (newest first, at most ORDERS_CSV_MAX) as a spreadsheet reads it. */
export async function ordersCsv(ctx: OrdersContext, user: TUser, q: TFilter): Promise<string> {
  admin(user);
  const rows = await ctx.repo.adminList({ ...filterOf(ctx, q), limit: ORDERS_CSV_MAX - 1 });
  const page = rows.slice(0, ORDERS_CSV_MAX);
  const presented = await presentOrders(ctx, page);
  return toCsv(
    CSV_HEADER,
    presented.map((o, i) => [
      o.id,
      o.createdAt,
      o.status,
      o.gateway,
      o.courseId,
      o.courseTitle,
      page[i]!.userId,
      page[i]!.userEmail,
      o.currency,
      o.listAmount.toFixed(2),
      o.amount.toFixed(2),
      o.coupon?.code ?? null,
      o.receiptNumber,
      o.paidAt,
      o.reversedAt,
    ]),
  );
}

/** GET /admin/orders/:id: the order, its status history, the callbacks that named it (no secrets), its refund. */
export async function orderDetail(ctx: OrdersContext, user: TUser, id: string): Promise<TAdminOrderDetail> {
  admin(user);
  const row = await ctx.repo.adminOrder(ctx.environmentId, id);
  if (!row) throw new AppError("ORDER_NOT_FOUND", `No order ${id}`);
  const [[order], events, callbacks, refund] = await Promise.all([
    presentOrders(ctx, [row]),
    ctx.repo.eventsOf([id]),
    ctx.repo.callbacksOf(id),
    ctx.repo.refundOf(id),
  ]);
  return {
    order: { ...order!, userId: row.userId, userEmail: row.userEmail },
    events: events.map((e) => ({ status: e.status, source: e.source, providerStatus: e.providerStatus, at: e.at.toISOString() })),
    callbacks: callbacks.map((c) => ({
      gateway: c.gateway,
      verified: c.outcome !== "refused",
      outcome: c.outcome,
      reason: c.reason,
      providerStatus: c.providerStatus,
      at: c.at.toISOString(),
    })),
    refund: refund ? { amount: toMajorUnits(refund.amountMinor), reason: refund.reason, actorId: refund.actorId, at: refund.at.toISOString() } : null,
  };
}

/**
 * POST /admin/orders/:id/refund: records that money went back and reverses the order (one
 * transaction: status `reversed`, an `admin` history event, the refund row, the audit row; access is
 * taken back by the reversal's rule, docs/decisions/0031). One refund per order: again is 409
 * ORDER_ALREADY_REFUNDED; an order that took no money is 409 ORDER_NOT_REFUNDABLE.
 */
export async function refundOrder(
  ctx: OrdersContext,
  user: TUser,
  id: string,
  body: z.output<typeof ZRefundRequest>,
  place: RequestPlace,
): Promise<TAdminOrderDetail> {
  admin(user);
  const row = await ctx.repo.adminOrder(ctx.environmentId, id);
  if (!row) throw new AppError("ORDER_NOT_FOUND", `No order ${id}`);
  const amountMinor = body.amount === undefined ? row.amountMinor : toMinorUnits(body.amount);
  const invalid = (message: string) => new AppError("VALIDATION", "Invalid amount", { validationErrors: [{ path: "amount", message }] });
  if (body.amount !== undefined && Math.abs(amountMinor / 100 - body.amount) > 1e-9) throw invalid("An amount has at most two decimals");
  if (amountMinor > row.amountMinor) throw invalid("A refund is at most what was paid");
  if (row.status === "reversed") throw new AppError("ORDER_ALREADY_REFUNDED", `Order ${id} is already reversed`);
  if (row.status !== "paid") throw new AppError("ORDER_NOT_REFUNDABLE", `Order ${id} is ${row.status}, not paid`);
  if (amountMinor <= 0) throw invalid("A free order has nothing to refund");
  const moved = await moveOrder(
    ctx,
    id,
    "reversed",
    {
      source: "admin",
      providerStatus: null,
      record: async (w, order) => {
        await w.insertRefund({ orderId: order.id, amountMinor, currency: order.currency, reason: body.reason, actorId: user.id });
        await w.audit({
          portalId: ctx.portalId,
          actorId: user.id,
          action: "order.refund",
          entityType: "order",
          entityId: order.id,
          summary: { fields: ["status", "refund"], amountMinor, currency: order.currency },
        });
      },
    },
    place,
  );
  // Another request moved it first (a refund, or a provider's reversal).
  if (!moved) throw new AppError("ORDER_ALREADY_REFUNDED", `Order ${id} is no longer paid`);
  return orderDetail(ctx, user, id);
}
