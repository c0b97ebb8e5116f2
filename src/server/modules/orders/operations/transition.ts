import { randomBytes } from "node:crypto";
import { canMove, ORDER_STATUSES, type TOrderStatus } from "../../../../domain/order";
import { randomToken, tokenHash } from "../../../platform/auth/tokens";
import type { OrderEventRow, OrderRow, OrdersTx, PaymentCallbackInsert } from "../repo";
import type { OrdersContext, RequestPlace } from "./context";
import { courseTitle } from "./present";

/** The statuses an order may move to `to` from (the domain's `canMove`). */
const sourcesOf = (to: TOrderStatus): TOrderStatus[] => ORDER_STATUSES.filter((from) => canMove(from, to));

export interface MoveCause {
  source: OrderEventRow["source"];
  providerStatus: string | null;
  /** The callback that moved it, recorded as applied in the same transaction. */
  audit?: Pick<PaymentCallbackInsert, "gateway" | "bodySha256" | "providerStatus">;
  /** More rows of the same change (a back-office refund and its audit row), written in its transaction. */
  record?: (w: OrdersTx, order: OrderRow) => Promise<void>;
}

/**
 * Moves an order to `to` (docs/decisions/0031). One transaction: the conditional UPDATE (of
 * concurrent attempts exactly one changes the row; the others get null and change nothing), the
 * history event, and what the status means — paid: the portal's next receipt number, the coupon's
 * use, the course granted to the buyer (or a gift made for its recipient); reversed: the course
 * taken back (or the gift cancelled). After the commit, and only for the attempt that moved it: the
 * bus hears `order:{id}` (and `user:{id}` when access changed) and the letters go out.
 */
export async function moveOrder(ctx: OrdersContext, orderId: string, to: TOrderStatus, cause: MoveCause, place: RequestPlace): Promise<OrderRow | null> {
  const at = ctx.now();
  const moved = await ctx.repo.transaction(async (w) => {
    const row = await w.move(orderId, sourcesOf(to), to, at);
    if (!row) return null;
    await w.addEvent(orderId, to, cause.source, cause.providerStatus, at);
    let accessOf: string | null = null;
    let giftToken: string | null = null;
    let order = row;
    if (to === "paid") {
      order = { ...row, receiptNumber: await w.takeReceiptNumber(row.environmentId, row.id) };
      if (row.couponCode) await w.countCouponUse(row.environmentId, row.couponCode);
      if (row.giftEmail) {
        giftToken = randomToken();
        await w.insertGift({
          id: `gift_${randomBytes(12).toString("hex")}`,
          orderId: row.id,
          environmentId: row.environmentId,
          tokenHash: tokenHash(giftToken),
          email: row.giftEmail,
          courseId: row.courseId,
        });
      } else if (await ctx.users.grantCourse(w.tx, row.userId, row.courseId)) {
        accessOf = row.userId;
      }
    }
    if (to === "reversed") {
      if (row.giftEmail) {
        const gift = await w.giftOfOrder(row.id);
        if (gift?.state === "claimed" && gift.claimedBy && !(await w.hasOtherAccess(gift.claimedBy, row.courseId, row.id))) {
          if (await ctx.users.revokeCourse(w.tx, gift.claimedBy, row.courseId)) accessOf = gift.claimedBy;
        }
        if (gift && gift.state !== "cancelled") await w.moveGift(gift.id, gift.state, "cancelled");
      } else if (!(await w.hasOtherAccess(row.userId, row.courseId, row.id)) && (await ctx.users.revokeCourse(w.tx, row.userId, row.courseId))) {
        accessOf = row.userId;
      }
    }
    if (cause.record) await cause.record(w, row);
    if (cause.audit) await w.recordCallback({ ...cause.audit, orderId, outcome: "applied", reason: `order moved to ${to}` });
    return { order, accessOf, giftToken };
  });
  if (!moved) return null;
  await afterCommit(ctx, moved.order, to, moved, place);
  return moved.order;
}

/** What a committed move tells others: never allowed to undo it, so failures are logged only. */
async function afterCommit(
  ctx: OrdersContext,
  order: OrderRow,
  to: TOrderStatus,
  { accessOf, giftToken }: { accessOf: string | null; giftToken: string | null },
  place: RequestPlace,
) {
  const quietly = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      place.log.error({ err, orderId: order.id }, `${what} failed after the order moved to ${to}`);
    }
  };
  await quietly("announcing the account", async () => {
    if (accessOf) await ctx.users.accessChanged(accessOf);
  });
  await quietly("announcing the order", () => ctx.bus.publish({ topic: `order:${order.id}`, kind: "changed", id: order.id }));
  if (to !== "paid") return;
  const buyer = await ctx.users.findById(order.userId);
  const title = await courseTitle(ctx, order.courseId, order.lang);
  await quietly("the receipt letter", async () => {
    if (!buyer?.email) return;
    await ctx.letters.receipt(place.origin, {
      to: buyer.email,
      name: [buyer.firstName, buyer.lastName].filter(Boolean).join(" ") || buyer.email,
      lang: order.lang,
      orderId: order.id,
      receiptNumber: order.receiptNumber!,
      courseTitle: title,
      currency: order.currency,
      listAmountMinor: order.listAmountMinor,
      amountMinor: order.amountMinor,
      couponCode: order.couponCode,
      discountMinor: order.couponDiscountMinor,
      paidAt: order.paidAt ?? ctx.now(),
    });
  });
  await quietly("the gift letter", async () => {
    if (!giftToken || !order.giftEmail) return;
    await ctx.letters.gift(place.origin, {
      to: order.giftEmail,
      lang: order.lang,
      from: [buyer?.firstName, buyer?.lastName].filter(Boolean).join(" ") || buyer?.email || "",
      courseTitle: title,
      message: order.giftMessage,
      token: giftToken,
    });
  });
}
