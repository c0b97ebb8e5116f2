import { localized } from "../../../../domain/localized";
import { toMajorUnits, type TOrder } from "../../../../domain/order";
import type { OrderEventRow, OrderRow, GiftRow } from "../repo";
import type { OrdersContext } from "./context";

/** The course's title in `lang` (the course id when the course is gone). */
export async function courseTitle(ctx: OrdersContext, courseId: string, lang: string): Promise<string> {
  const [course, { primaryLang }] = await Promise.all([ctx.courses.courseRow(courseId), ctx.portalLangs()]);
  return course ? localized(course.title, lang, primaryLang) || courseId : courseId;
}

/** Orders as their owner sees them, with their history and gifts, titles in `lang` (else each order's own). */
export async function presentOrders(ctx: OrdersContext, rows: OrderRow[], lang?: string): Promise<TOrder[]> {
  const ids = rows.map((r) => r.id);
  const [events, gifts] = await Promise.all([ctx.repo.eventsOf(ids), ctx.repo.giftsOf(ids)]);
  const historyOf = new Map<string, OrderEventRow[]>();
  for (const e of events) historyOf.set(e.orderId, [...(historyOf.get(e.orderId) ?? []), e]);
  const giftOf = new Map<string, GiftRow>(gifts.map((g) => [g.orderId, g]));
  return Promise.all(
    rows.map(async (r): Promise<TOrder> => {
      const gift = giftOf.get(r.id);
      return {
        id: r.id,
        courseId: r.courseId,
        courseTitle: await courseTitle(ctx, r.courseId, lang ?? r.lang),
        currency: r.currency,
        listAmount: toMajorUnits(r.listAmountMinor),
        amount: toMajorUnits(r.amountMinor),
        coupon: r.couponCode ? { code: r.couponCode, discount: toMajorUnits(r.couponDiscountMinor) } : null,
        gateway: r.gateway,
        status: r.status,
        gift: r.giftEmail ? { email: r.giftEmail, claimed: gift?.state === "claimed" } : null,
        receiptNumber: r.receiptNumber,
        createdAt: r.createdAt.toISOString(),
        paidAt: r.paidAt?.toISOString() ?? null,
        reversedAt: r.reversedAt?.toISOString() ?? null,
        history: (historyOf.get(r.id) ?? []).map((e) => ({ status: e.status, at: e.at.toISOString() })),
        continuePath: r.continuePath,
      };
    }),
  );
}
