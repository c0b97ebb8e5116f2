import { and, asc, desc, eq, ilike, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { TGateway, TOrderStatus } from "../../../domain/order";
import type { Db } from "../../db/client";
import { likeLiteral } from "../../db/like";
import { inTransaction } from "../../db/transaction";
import { auditLog } from "../../db/schema/audit";
import { coupons, gifts, orderEvents, orderRefunds, orders, paymentCallbacks, receiptCounters } from "../../db/schema/orders";
import { users } from "../../db/schema/users";

export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type CouponInsert = typeof coupons.$inferInsert;
export type GiftRow = typeof gifts.$inferSelect;
export type GiftInsert = typeof gifts.$inferInsert;
export type PaymentCallbackInsert = typeof paymentCallbacks.$inferInsert;
export type PaymentCallbackRow = typeof paymentCallbacks.$inferSelect;
export type OrderRefundRow = typeof orderRefunds.$inferSelect;
export type AuditInsert = typeof auditLog.$inferInsert;

/** PostgreSQL unique violation (both drivers), optionally of one index. */
export function isUniqueViolation(e: unknown, index?: string): boolean {
  const err = (e as { cause?: unknown })?.cause ?? e;
  if ((err as { code?: string })?.code !== "23505") return false;
  return !index || String((err as { constraint?: string }).constraint ?? (err as Error).message).includes(index);
}

export interface AdminOrderFilter {
  environmentId: string;
  status?: TOrderStatus;
  gateway?: TGateway;
  courseId?: string;
  userId?: string;
  email?: string;
  from?: Date;
  to?: Date;
  /** The last order of the previous page (newest first). */
  after?: { createdAt: Date; id: string };
  limit: number;
}

const OPEN: TOrderStatus[] = ["created", "pending"];

/** The filter's conditions (orders joined with users for the e-mail). */
function filterWhere(f: Omit<AdminOrderFilter, "after" | "limit">): SQL[] {
  const where: SQL[] = [eq(orders.environmentId, f.environmentId)];
  if (f.status) where.push(eq(orders.status, f.status));
  if (f.gateway) where.push(eq(orders.gateway, f.gateway));
  if (f.courseId) where.push(eq(orders.courseId, f.courseId));
  if (f.userId) where.push(eq(orders.userId, f.userId));
  if (f.email) where.push(ilike(users.email, `%${likeLiteral(f.email)}%`));
  if (f.from) where.push(sql`${orders.createdAt} >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) where.push(sql`${orders.createdAt} < ${f.to.toISOString()}::timestamptz`);
  return where;
}

/** Statements that run inside a transaction (`tx`, typed as the database). */
function writes(tx: Db) {
  return {
    /** The transaction itself, for the users service's grant and revocation. */
    tx,
    /** The learner's open order of a course, locked until the transaction ends. */
    async lockOpenOrder(environmentId: string, userId: string, courseId: string): Promise<OrderRow | null> {
      const [row] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.environmentId, environmentId), eq(orders.userId, userId), eq(orders.courseId, courseId), inArray(orders.status, OPEN)))
        .for("update");
      return row ?? null;
    },
    async insertOrder(row: OrderInsert): Promise<OrderRow> {
      const [created] = await tx.insert(orders).values(row).returning();
      return created!;
    },
    async updateOrder(id: string, patch: Partial<Pick<OrderInsert, "lang" | "returnPath" | "continuePath">>): Promise<OrderRow> {
      const [row] = await tx
        .update(orders)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(orders.id, id))
        .returning();
      return row!;
    },
    /**
     * THE status change (docs/decisions/0031): one conditional UPDATE. Of concurrent attempts only
     * one finds the order in a `from` status; the others update nothing and get null.
     */
    async move(id: string, from: readonly TOrderStatus[], to: TOrderStatus, at: Date): Promise<OrderRow | null> {
      const [row] = await tx
        .update(orders)
        .set({
          status: to,
          updatedAt: at,
          ...(to === "paid" ? { paidAt: at } : {}),
          ...(to === "reversed" ? { reversedAt: at } : {}),
        })
        .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
        .returning();
      return row ?? null;
    },
    async addEvent(orderId: string, status: TOrderStatus, source: OrderEventRow["source"], providerStatus: string | null, at: Date): Promise<void> {
      await tx.insert(orderEvents).values({ orderId, status, source, providerStatus, at });
    },
    /** The next receipt number of the portal; the counter row stays locked until the transaction ends. */
    async takeReceiptNumber(environmentId: string, orderId: string): Promise<number> {
      const [counter] = await tx
        .insert(receiptCounters)
        .values({ environmentId, last: 1 })
        .onConflictDoUpdate({ target: receiptCounters.environmentId, set: { last: sql`${receiptCounters.last} + 1` } })
        .returning();
      await tx.update(orders).set({ receiptNumber: counter!.last }).where(eq(orders.id, orderId));
      return counter!.last;
    },
    async countCouponUse(environmentId: string, code: string): Promise<void> {
      await tx
        .update(coupons)
        .set({ uses: sql`${coupons.uses} + 1` })
        .where(and(eq(coupons.environmentId, environmentId), eq(coupons.code, code)));
    },
    async insertGift(row: GiftInsert): Promise<GiftRow> {
      const [created] = await tx.insert(gifts).values(row).returning();
      return created!;
    },
    async giftOfOrder(orderId: string): Promise<GiftRow | null> {
      const [row] = await tx.select().from(gifts).where(eq(gifts.orderId, orderId)).for("update");
      return row ?? null;
    },
    /** Moves a gift from `from` to `to` (conditional, like orders); null when it was not in `from`. */
    async moveGift(id: string, from: GiftRow["state"], to: GiftRow["state"], claimedBy?: string): Promise<GiftRow | null> {
      const [row] = await tx
        .update(gifts)
        .set({ state: to, ...(claimedBy ? { claimedBy, claimedAt: new Date() } : {}) })
        .where(and(eq(gifts.id, id), eq(gifts.state, from)))
        .returning();
      return row ?? null;
    },
    /**
     * Whether the learner holds the course by some other right than `exceptOrderId`: another paid
     * order of their own, or a gift they claimed. A reversal then leaves the course where it is.
     */
    async hasOtherAccess(userId: string, courseId: string, exceptOrderId: string): Promise<boolean> {
      const [own] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.courseId, courseId),
            eq(orders.status, "paid"),
            sql`${orders.giftEmail} is null`,
            ne(orders.id, exceptOrderId),
          ),
        )
        .limit(1);
      if (own) return true;
      const [gift] = await tx
        .select({ id: gifts.id })
        .from(gifts)
        .where(and(eq(gifts.claimedBy, userId), eq(gifts.courseId, courseId), eq(gifts.state, "claimed"), ne(gifts.orderId, exceptOrderId)))
        .limit(1);
      return !!gift;
    },
    async recordCallback(row: PaymentCallbackInsert): Promise<void> {
      await tx.insert(paymentCallbacks).values(row);
    },
    /** The order's one refund; null when it already has one (the primary key). */
    async insertRefund(row: typeof orderRefunds.$inferInsert): Promise<OrderRefundRow | null> {
      const [created] = await tx.insert(orderRefunds).values(row).onConflictDoNothing().returning();
      return created ?? null;
    },
    /** The back office's audit row, in the change's transaction. */
    async audit(row: AuditInsert): Promise<void> {
      await tx.insert(auditLog).values(row);
    },
  };
}
export type OrdersTx = ReturnType<typeof writes>;

export function createOrdersRepo(db: Db) {
  return {
    /** Runs `work` in one transaction; throwing rolls it back. */
    transaction<T>(work: (w: OrdersTx) => Promise<T>): Promise<T> {
      return inTransaction(db, (tx) => work(writes(tx)));
    },
    /** An order by id, of any portal (callbacks tell "unknown" from "another portal's"). */
    async findOrder(id: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
      return row ?? null;
    },
    /** The learner's orders on the portal, newest first. */
    listUserOrders(environmentId: string, userId: string, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.environmentId, environmentId), eq(orders.userId, userId)))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit);
    },
    async eventsOf(orderIds: string[]): Promise<OrderEventRow[]> {
      if (orderIds.length === 0) return [];
      return db.select().from(orderEvents).where(inArray(orderEvents.orderId, orderIds)).orderBy(asc(orderEvents.at), asc(orderEvents.id));
    },
    async giftsOf(orderIds: string[]): Promise<GiftRow[]> {
      if (orderIds.length === 0) return [];
      return db.select().from(gifts).where(inArray(gifts.orderId, orderIds));
    },
    async findGiftByTokenHash(environmentId: string, tokenHash: string): Promise<GiftRow | null> {
      const [row] = await db
        .select()
        .from(gifts)
        .where(and(eq(gifts.environmentId, environmentId), eq(gifts.tokenHash, tokenHash)))
        .limit(1);
      return row ?? null;
    },
    async findCoupon(environmentId: string, code: string): Promise<CouponRow | null> {
      const [row] = await db
        .select()
        .from(coupons)
        .where(and(eq(coupons.environmentId, environmentId), eq(coupons.code, code)))
        .limit(1);
      return row ?? null;
    },
    listCoupons(environmentId: string): Promise<CouponRow[]> {
      return db.select().from(coupons).where(eq(coupons.environmentId, environmentId)).orderBy(desc(coupons.createdAt), asc(coupons.code));
    },
    /** Null when the portal already has a coupon with this code. */
    async insertCoupon(row: CouponInsert): Promise<CouponRow | null> {
      const [created] = await db.insert(coupons).values(row).onConflictDoNothing().returning();
      return created ?? null;
    },
    async deactivateCoupon(environmentId: string, code: string): Promise<CouponRow | null> {
      const [row] = await db
        .update(coupons)
        .set({ active: false })
        .where(and(eq(coupons.environmentId, environmentId), eq(coupons.code, code)))
        .returning();
      return row ?? null;
    },
    /** Orders for the back office, newest first, with the buyer's e-mail; `limit + 1` rows tell whether there is a next page. */
    async adminList(f: AdminOrderFilter): Promise<Array<OrderRow & { userEmail: string | null }>> {
      const where = filterWhere(f);
      if (f.after) {
        const at = sql`${f.after.createdAt.toISOString()}::timestamptz`;
        where.push(or(sql`${orders.createdAt} < ${at}`, and(sql`${orders.createdAt} = ${at}`, lt(orders.id, f.after.id)))!);
      }
      const rows = await db
        .select({ order: orders, userEmail: users.email })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(and(...where))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(f.limit + 1);
      return rows.map((r) => ({ ...r.order, userEmail: r.userEmail }));
    },
    /** Per currency, every order the filter matches (no paging): one aggregate query. */
    adminTotals(f: Omit<AdminOrderFilter, "after" | "limit">) {
      return db
        .select({
          currency: orders.currency,
          count: sql<number>`count(*)::int`,
          amountMinor: sql<number>`coalesce(sum(${orders.amountMinor}), 0)::int`,
          paidMinor: sql<number>`coalesce(sum(${orders.amountMinor}) filter (where ${orders.status} in ('paid', 'reversed')), 0)::int`,
          refundedMinor: sql<number>`coalesce(sum(${orderRefunds.amountMinor}), 0)::int`,
        })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .leftJoin(orderRefunds, eq(orderRefunds.orderId, orders.id))
        .where(and(...filterWhere(f)))
        .groupBy(orders.currency)
        .orderBy(asc(orders.currency));
    },
    /** An order of the portal with its buyer's e-mail. */
    async adminOrder(environmentId: string, id: string): Promise<(OrderRow & { userEmail: string | null }) | null> {
      const [row] = await db
        .select({ order: orders, userEmail: users.email })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(and(eq(orders.environmentId, environmentId), eq(orders.id, id)))
        .limit(1);
      return row ? { ...row.order, userEmail: row.userEmail } : null;
    },
    callbacksOf(orderId: string): Promise<PaymentCallbackRow[]> {
      return db.select().from(paymentCallbacks).where(eq(paymentCallbacks.orderId, orderId)).orderBy(asc(paymentCallbacks.at), asc(paymentCallbacks.id));
    },
    async refundOf(orderId: string): Promise<OrderRefundRow | null> {
      const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).limit(1);
      return row ?? null;
    },
    async recordCallback(row: PaymentCallbackInsert): Promise<void> {
      await db.insert(paymentCallbacks).values(row);
    },
  };
}
export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
