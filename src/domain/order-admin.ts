import { z } from "zod";
import { CURRENCIES } from "./course-labels";
import { ZAdminOrder, ZAdminOrderQuery, ZGateway, ZOrderStatus } from "./order";
import { ZText } from "./validation/safe-text";

/**
 * The back office's orders and money (issue 16, docs/decisions/0059): totals of a filter, the CSV
 * export, one order with its history and callbacks, and the refund recorded against it.
 */

/** The filter of the list without its paging: what totals and the CSV export take. */
export const ZAdminOrderFilter = ZAdminOrderQuery.omit({ limit: true, after: true });

/** Per currency, for every order the filter matches: how many, their amount, and the paid part (minor units). */
export const ZOrderTotal = z.object({
  currency: z.enum(CURRENCIES),
  count: z.number().int(),
  amountMinor: z.number().int(),
  paidMinor: z.number().int(),
  refundedMinor: z.number().int(),
});
export type TOrderTotal = z.infer<typeof ZOrderTotal>;
export const ZOrderTotals = z.object({ totals: z.array(ZOrderTotal) });

/** The CSV export holds at most this many orders (newest first); a wider filter is narrowed by date. */
export const ORDERS_CSV_MAX = 10_000;

export const ZOrderEventView = z.object({
  status: ZOrderStatus,
  /** order (made), callback (a provider), coupon (paid in full), admin (a refund in the back office). */
  source: z.enum(["order", "callback", "coupon", "admin"]),
  providerStatus: z.string().nullable(),
  at: z.string(),
});

/** A provider callback as the back office sees it: never its body, signature or any secret. */
export const ZPaymentCallbackView = z.object({
  gateway: ZGateway,
  /** The signature checked out (applied or ignored); refused ones failed a check. */
  verified: z.boolean(),
  outcome: z.enum(["applied", "ignored", "refused"]),
  reason: z.string(),
  providerStatus: z.string().nullable(),
  at: z.string(),
});

export const ZOrderRefund = z.object({
  /** Major units, two decimals, in the order's currency. */
  amount: z.number(),
  reason: z.string(),
  actorId: z.string(),
  at: z.string(),
});
export type TOrderRefund = z.infer<typeof ZOrderRefund>;

export const ZAdminOrderDetail = z.object({
  order: ZAdminOrder,
  events: z.array(ZOrderEventView),
  callbacks: z.array(ZPaymentCallbackView),
  refund: ZOrderRefund.nullable(),
});
export type TAdminOrderDetail = z.infer<typeof ZAdminOrderDetail>;

/** POST /admin/orders/:id/refund: why, and how much went back (major units; absent: all of it). */
export const ZRefundRequest = z.object({
  reason: ZText.trim().min(1).max(500),
  amount: z.number().positive().max(10_000_000).optional(),
});
export type TRefundRequest = z.input<typeof ZRefundRequest>;
