import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { CURRENCIES } from "../../../domain/course-labels";
import { GATEWAYS, ORDER_STATUSES } from "../../../domain/order";
import { environments } from "./portal";
import { users } from "./users";

/**
 * Orders and payments (issue 11, docs/decisions/0031). Money is integer minor units; the price and
 * currency are copied from the course when the order is made and never change afterwards.
 */
export const orders = pgTable(
  "orders",
  {
    /** `ord_` + 26 base32 characters (130 random bits). */
    id: text("id").primaryKey(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: text("course_id").notNull(),
    gateway: text("gateway", { enum: GATEWAYS }).notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("created"),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    /** The course price when the order was made. */
    listAmountMinor: integer("list_amount_minor").notNull(),
    /** What is signed and must be paid: the list price less the coupon. */
    amountMinor: integer("amount_minor").notNull(),
    couponCode: text("coupon_code"),
    couponDiscountMinor: integer("coupon_discount_minor").notNull().default(0),
    /** A gift: the recipient's address (lowercased); the buyer does not get the course. */
    giftEmail: text("gift_email"),
    giftMessage: text("gift_message"),
    /** The learner's language when ordering: the receipt and the provider page use it. */
    lang: text("lang").notNull(),
    /** `/{lang}/order-result/{id}/[?continue=...]`: where the return route sends the browser. */
    returnPath: text("return_path").notNull(),
    continuePath: text("continue_path"),
    /** Sequential per portal, given by the paid transition. */
    receiptNumber: integer("receipt_number"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
  },
  (t) => [
    // One open order per learner and course: a second request reuses or replaces it (never two at once).
    uniqueIndex("orders_one_open")
      .on(t.environmentId, t.userId, t.courseId)
      .where(sql`${t.status} in ('created', 'pending')`),
    uniqueIndex("orders_receipt_number").on(t.environmentId, t.receiptNumber),
    index("orders_user_created").on(t.userId, t.createdAt),
    index("orders_environment_created").on(t.environmentId, t.createdAt),
    // The dashboard's revenue per currency (issue 16).
    index("orders_environment_paid")
      .on(t.environmentId, t.paidAt)
      .where(sql`${t.status} = 'paid'`),
    check("orders_amounts", sql`${t.amountMinor} >= 0 and ${t.listAmountMinor} >= ${t.amountMinor} and ${t.couponDiscountMinor} >= 0`),
  ],
);

/** Every status an order took, when, and what moved it. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    /** order (made or replaced), callback (a provider), coupon (paid in full by a coupon), admin (a back-office refund). */
    source: text("source", { enum: ["order", "callback", "coupon", "admin"] }).notNull(),
    /** The provider's own status word, when a callback moved it. */
    providerStatus: text("provider_status"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order").on(t.orderId, t.at)],
);

/** Every payment callback that reached us, applied or not, with why: the audit trail. */
export const paymentCallbacks = pgTable(
  "payment_callbacks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The route it came to (liqpay also carries the sandbox's callbacks). */
    gateway: text("gateway", { enum: GATEWAYS }).notNull(),
    /** Set when the callback named an order of this portal that exists. */
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    outcome: text("outcome", { enum: ["applied", "ignored", "refused"] }).notNull(),
    reason: text("reason").notNull(),
    providerStatus: text("provider_status"),
    /** sha256 of the body as received (hex); null when there was no body to hash. */
    bodySha256: text("body_sha256"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_callbacks_order").on(t.orderId, t.at), index("payment_callbacks_at").on(t.at)],
);

/** Coupons: percent or fixed (in one currency), one course or all, expiry and a use limit. */
export const coupons = pgTable(
  "coupons",
  {
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    /** Upper-case letters, digits, - and _. */
    code: text("code").notNull(),
    kind: text("kind", { enum: ["percent", "fixed"] }).notNull(),
    /** 1-100 for percent; minor units of `currency` for fixed. */
    value: integer("value").notNull(),
    currency: text("currency", { enum: CURRENCIES }),
    /** null: every course. */
    courseId: text("course_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    maxUses: integer("max_uses"),
    /** Paid orders that used it (counted by the paid transition). */
    uses: integer("uses").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coupons_environment_code").on(t.environmentId, t.code),
    check("coupons_value", sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100) and (${t.kind} <> 'fixed' or ${t.currency} is not null)`),
  ],
);

/** A paid gift order's course, waiting for its recipient; the link's token is stored only hashed. */
export const gifts = pgTable(
  "gifts",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    /** sha256 (hex) of the token in the letter's link. */
    tokenHash: text("token_hash").notNull(),
    email: text("email").notNull(),
    courseId: text("course_id").notNull(),
    state: text("state", { enum: ["waiting", "claimed", "cancelled"] })
      .notNull()
      .default("waiting"),
    claimedBy: text("claimed_by").references(() => users.id, { onDelete: "set null" }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("gifts_order").on(t.orderId), uniqueIndex("gifts_token_hash").on(t.tokenHash)],
);

/**
 * The last receipt number given per portal. The paid transition raises it with one upsert in its own
 * transaction: the row lock makes concurrent transitions take turns, and a rollback gives the number back.
 */
export const receiptCounters = pgTable("receipt_counters", {
  environmentId: text("environment_id")
    .primaryKey()
    .references(() => environments.id, { onDelete: "cascade" }),
  last: integer("last").notNull().default(0),
});

/**
 * A refund recorded in the back office (issue 16, docs/decisions/0059): at most one per order (the
 * primary key), written in the transaction that moves the order to `reversed`. The amount may be less
 * than the order's (a partial refund); the money itself goes back through the provider's own cabinet.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    orderId: text("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    reason: text("reason").notNull(),
    /** The admin who recorded it (an id without a foreign key: the record outlives the account). */
    actorId: text("actor_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("order_refunds_amount", sql`${t.amountMinor} > 0`)],
);
