import { z } from "zod";
import { CURRENCIES } from "./course-labels";
import { ZEmail } from "./validation/fields";
import { ZText } from "./validation/safe-text";

/**
 * Orders and payments (issue 11, docs/decisions/0031): the contract the server, the buy step, the
 * order-result page and the profile share. Seed 000 §3/§7, seed 001 §3 "Order request".
 */

const ZCurrency = z.enum(CURRENCIES);

/** liqpay is the seed's default (first) gateway; sandbox is Mentora's own test checkout. */
export const GATEWAYS = ["liqpay", "wayforpay", "sandbox"] as const;
export const ZGateway = z.enum(GATEWAYS);
export type TGateway = z.infer<typeof ZGateway>;

/** Currencies each gateway accepts; a course in another currency cannot be bought through it. */
export const GATEWAY_CURRENCIES: Record<TGateway, readonly string[]> = {
  liqpay: ["UAH", "USD", "EUR"],
  wayforpay: ["UAH", "USD", "EUR"],
  sandbox: ["UAH", "USD", "EUR", "RUB"],
};

/**
 * Statuses move only forward: created -> pending -> paid | failed | expired; created -> paid | failed
 * | expired; paid -> reversed. Every change is one transaction together with the grant or revocation.
 */
export const ORDER_STATUSES = ["created", "pending", "paid", "failed", "expired", "reversed"] as const;
export const ZOrderStatus = z.enum(ORDER_STATUSES);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;

const NEXT: Record<TOrderStatus, readonly TOrderStatus[]> = {
  created: ["pending", "paid", "failed", "expired"],
  pending: ["paid", "failed", "expired"],
  paid: ["reversed"],
  failed: [],
  expired: [],
  reversed: [],
};

export function canMove(from: TOrderStatus, to: TOrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** The result page keeps polling while the order is open. */
export const isOpenOrder = (status: TOrderStatus) => status === "created" || status === "pending";

/** How often the result page asks while the order is open, and for how long before it says "still processing". */
export const ORDER_POLL_MS = 2_000;
export const ORDER_POLL_LIMIT_MS = 120_000;
/** An open order older than this is expired and no longer reused. */
export const ORDER_OPEN_TTL_MS = 24 * 60 * 60 * 1000;

/** Coupon codes as people type them: letters, digits, - and _; compared upper-cased. */
export const ZCouponCode = ZText.trim()
  .min(3)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/)
  .transform((v) => v.toUpperCase());

export const ZGiftRequest = z.object({
  email: ZEmail,
  /** Shown in the recipient's letter. */
  message: ZText.trim().max(500).optional(),
});

/** Seed 001 §3 "Order request": one course, the browser's return address, host and environment. */
export const ZOrderRequest = z.object({
  courses: z.array(ZText.min(1).max(100)).length(1),
  /** Where the provider returns the browser: our own `/{lang}/order-result/` (the server appends the id), optionally with `?continue=`. */
  resultUrl: ZText.min(1).max(2048),
  host: ZText.min(1).max(255),
  environmentId: ZText.min(1).max(64),
  /** Seed 001 §7: the portal's default gateway when absent (liqpay unless configured). */
  gateway: ZGateway.optional(),
  coupon: ZCouponCode.optional(),
  gift: ZGiftRequest.optional(),
});
export type TOrderRequest = z.input<typeof ZOrderRequest>;

/**
 * Seed 000 §3 "Order response": state, meta.data, meta.signature, meta.error.message. With state ok
 * the browser posts a form to `checkoutUrl` (LiqPay and the sandbox: `data` and `signature`;
 * WayForPay: every field of meta.data, arrays as name[]), unless `next` is "result": the order is
 * already settled (a 100% coupon) and the browser goes to `resultUrl`.
 */
export const ZOrderResponse = z.object({
  state: z.enum(["ok", "error"]),
  orderId: z.string().optional(),
  next: z.enum(["checkout", "result"]).optional(),
  checkoutUrl: z.string().optional(),
  resultUrl: z.string().optional(),
  meta: z.object({
    data: z.union([z.string(), z.record(z.string(), z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]))]).optional(),
    signature: z.string().optional(),
    error: z.object({ message: z.string() }).optional(),
  }),
});
export type TOrderResponse = z.infer<typeof ZOrderResponse>;

/** What a coupon takes off one course's price, before the order is signed. */
export const ZOrderQuote = z.object({
  courseId: z.string(),
  currency: ZCurrency,
  /** The course price, major units. */
  listAmount: z.number(),
  /** What the learner pays, major units, two decimals. */
  amount: z.number(),
  coupon: z.object({ code: z.string(), discount: z.number() }).nullable(),
});
export type TOrderQuote = z.infer<typeof ZOrderQuote>;

export const ZOrderQuoteQuery = z.object({ courseId: ZText.min(1).max(100), coupon: ZCouponCode.optional() });

/** One order as its owner (or an admin) sees it. Amounts are major units with two decimals. */
export const ZOrder = z.object({
  id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  currency: ZCurrency,
  listAmount: z.number(),
  amount: z.number(),
  coupon: z.object({ code: z.string(), discount: z.number() }).nullable(),
  gateway: ZGateway,
  status: ZOrderStatus,
  gift: z.object({ email: z.string(), claimed: z.boolean() }).nullable(),
  /** Set when paid: the receipt's number, sequential per portal. */
  receiptNumber: z.number().int().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  reversedAt: z.string().nullable(),
  history: z.array(z.object({ status: ZOrderStatus, at: z.string() })),
  /** Where "continue" leads on the result page: a same-origin path. */
  continuePath: z.string().nullable(),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZOrderList = z.object({ orders: z.array(ZOrder) });
export type TOrderList = z.infer<typeof ZOrderList>;

/** Admin list filters (back office). */
export const ZAdminOrderQuery = z.object({
  status: ZOrderStatus.optional(),
  gateway: ZGateway.optional(),
  courseId: ZText.min(1).max(100).optional(),
  userId: ZText.min(1).max(100).optional(),
  email: ZText.trim().min(1).max(254).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** The id of the last order of the previous page (newest first). */
  after: ZText.min(1).max(100).optional(),
});
export const ZAdminOrder = ZOrder.extend({ userId: z.string(), userEmail: z.string().nullable() });
export const ZAdminOrderList = z.object({ orders: z.array(ZAdminOrder), next: z.string().nullable() });

export const ZCouponInput = z
  .object({
    code: ZCouponCode,
    kind: z.enum(["percent", "fixed"]),
    /** Percent (1-100) or an amount in `currency`, major units. */
    value: z.number().positive(),
    /** Absent or null for a percentage (no default: OpenAPI cannot give an enum a null default). */
    currency: ZCurrency.nullish(),
    /** null: every course. */
    courseId: ZText.min(1).max(100).nullable().default(null),
    expiresAt: z.iso.datetime().nullable().default(null),
    maxUses: z.number().int().positive().nullable().default(null),
  })
  .refine((c) => c.kind !== "percent" || c.value <= 100, { message: "A percentage is at most 100", path: ["value"] })
  .refine((c) => c.kind !== "fixed" || (c.currency !== null && c.currency !== undefined), { message: "A fixed discount needs a currency", path: ["currency"] });
export const ZCoupon = z.object({
  code: z.string(),
  kind: z.enum(["percent", "fixed"]),
  value: z.number(),
  currency: ZCurrency.nullable(),
  courseId: z.string().nullable(),
  expiresAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  active: z.boolean(),
});

/** A gift as its recipient sees it on `/{lang}/gift/{token}/`. */
export const ZGift = z.object({
  courseId: z.string(),
  courseTitle: z.string(),
  /** The buyer's name, or null when they have none. */
  from: z.string().nullable(),
  message: z.string().nullable(),
  /** The address it is for; a learner signed in with another address cannot claim it. */
  email: z.string(),
  state: z.enum(["waiting", "claimed", "cancelled"]),
});
export type TGift = z.infer<typeof ZGift>;
export const ZGiftClaim = z.object({ token: ZText.min(20).max(200) });

/** The form fields a checkout post carries, per gateway. */
export function checkoutFields(res: TOrderResponse): Array<[string, string]> {
  const { data, signature } = res.meta;
  if (typeof data === "string")
    return [
      ["data", data],
      ["signature", signature ?? ""],
    ];
  return Object.entries(data ?? {}).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((v): [string, string] => [`${name}[]`, String(v)]) : [[name, String(value)] as [string, string]],
  );
}

/* Added with the server (orders-core). Above, only ZCouponInput.currency changed (nullish instead of a null default). */

/** `ord_` + 26 base32 characters (130 random bits): unguessable, a valid LiqPay order_id and WayForPay orderReference. */
export const ORDER_ID_PATTERN = /^ord_[a-z2-7]{26}$/;
export const ZOrderId = ZText.regex(ORDER_ID_PATTERN);

/** Amounts travel as major units with two decimals and are stored as integer minor units. */
export const toMinorUnits = (major: number): number => Math.round(major * 100);
export const toMajorUnits = (minor: number): number => minor / 100;

/** The gateways this portal offers (configured ones only) and the one used when a request names none. */
export const ZPaymentGateways = z.object({
  gateways: z.array(z.object({ id: ZGateway, currencies: z.array(z.string()), test: z.boolean() })),
  default: ZGateway.nullable(),
});
export type TPaymentGateways = z.infer<typeof ZPaymentGateways>;

/** "Pay later" in the sandbox: a pending callback at once, the paid one this much later. */
export const SANDBOX_LATER_MS = 3_000;

/** The test-payment page `/{lang}/test-payment/{orderId}/?t=<ticket>`: what it shows. */
export const ZSandboxPayment = z.object({
  orderId: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  currency: ZCurrency,
  amount: z.number(),
  status: ZOrderStatus,
  lang: z.string(),
});
export type TSandboxPayment = z.infer<typeof ZSandboxPayment>;

export const SANDBOX_DECISIONS = ["pay", "decline", "later"] as const;
export const ZSandboxDecision = z.object({ orderId: ZOrderId, ticket: ZText.min(10).max(200), decision: z.enum(SANDBOX_DECISIONS) });
export type TSandboxDecision = z.infer<typeof ZSandboxDecision>;
/** Where the browser goes after deciding: the order's return address, as a provider would send it. */
export const ZSandboxDecisionReply = z.object({ redirect: z.string() });

/** A gift's token as it appears in `/{lang}/gift/{token}/`. */
export const ZGiftToken = ZText.min(20)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/);
