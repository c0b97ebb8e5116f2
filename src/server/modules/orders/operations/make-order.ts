import { AppError } from "../../../../domain/errors";
import { ORDER_OPEN_TTL_MS, toMajorUnits, toMinorUnits, type TGateway, type TOrderQuote, type TOrderResponse } from "../../../../domain/order";
import type { TUser } from "../../../../domain/user";
import type { Gateway } from "../../../platform/payments/gateway";
import type { CourseRecord } from "../../courses/service";
import { mayBuy } from "../policy";
import { isUniqueViolation, type OrderRow } from "../repo";
import type { OrdersContext, RequestPlace } from "./context";
import { newOrderId } from "./ids";
import { priceWithCoupon, type Price } from "./pricing";
import { parseResultUrl } from "./result-url";
import { moveOrder } from "./transition";
import { courseTitle } from "./present";

/** The parsed order request (ZOrderRequest). */
export interface OrderRequest {
  courses: string[];
  resultUrl: string;
  environmentId: string;
  gateway?: TGateway;
  coupon?: string;
  gift?: { email: string; message?: string };
}

/** A course that can be bought: published, paid, with its price; typed errors otherwise. */
export async function courseForSale(ctx: OrdersContext, courseId: string): Promise<CourseRecord & { price: number; currency: string }> {
  const course = await ctx.courses.courseRow(courseId);
  // A draft looks like a missing course, as everywhere else (docs/api/courses.md, the content rule).
  if (!course || !course.published) throw new AppError("ORDER_COURSE_UNAVAILABLE", `No course ${courseId} for sale`);
  if (course.type === "free") throw new AppError("ORDER_COURSE_FREE", `Course ${courseId} is free`);
  if (course.price === null || course.currency === null) throw new AppError("ORDER_COURSE_UNAVAILABLE", `Course ${courseId} has no price`);
  return { ...course, price: course.price, currency: course.currency };
}

/** The course's price with the coupon applied (coupon errors are typed). */
export async function priceOf(ctx: OrdersContext, course: { id: string; price: number; currency: string }, code: string | undefined): Promise<Price> {
  const coupon = code ? await ctx.repo.findCoupon(ctx.environmentId, code) : null;
  return priceWithCoupon({ id: course.id, currency: course.currency, priceMinor: toMinorUnits(course.price) }, coupon, code ?? null, ctx.now());
}

/** GET /orders/quote: what the learner would pay, before anything is made. */
export async function quote(ctx: OrdersContext, courseId: string, coupon: string | undefined): Promise<TOrderQuote> {
  const course = await courseForSale(ctx, courseId);
  const price = await priceOf(ctx, course, coupon);
  return {
    courseId,
    currency: course.currency,
    listAmount: toMajorUnits(price.listAmountMinor),
    amount: toMajorUnits(price.amountMinor),
    coupon: price.couponCode ? { code: price.couponCode, discount: toMajorUnits(price.discountMinor) } : null,
  };
}

function chooseGateway(ctx: OrdersContext, wanted: TGateway | undefined, currency: string): Gateway {
  const id = wanted ?? ctx.gateways.defaultId;
  const gateway = id ? ctx.gateways.get(id) : undefined;
  if (!gateway) throw new AppError("GATEWAY_UNAVAILABLE", `Gateway ${id ?? "(none)"} is not configured`);
  if (!gateway.currencies.includes(currency)) throw new AppError("CURRENCY_NOT_SUPPORTED", `${gateway.id} does not accept ${currency}`);
  return gateway;
}

/** The open order can serve this request: same gateway, money, coupon and gift, and not stale. */
function reusable(open: OrderRow, want: { gateway: TGateway; price: Price; giftEmail: string | null; giftMessage: string | null }, now: Date): boolean {
  return (
    now.getTime() - open.createdAt.getTime() < ORDER_OPEN_TTL_MS &&
    open.gateway === want.gateway &&
    open.currency === want.price.currency &&
    open.amountMinor === want.price.amountMinor &&
    open.listAmountMinor === want.price.listAmountMinor &&
    open.couponCode === want.price.couponCode &&
    open.giftEmail === want.giftEmail &&
    open.giftMessage === want.giftMessage
  );
}

/**
 * POST /orders (seed 000 §3, 001 buy-course; docs/decisions/0031). Everything is checked before
 * anything is written or signed: the buyer, the portal, the return address, the course (price and
 * currency from its row, never the browser), the gateway and its currencies, the coupon. Then one
 * transaction reuses the learner's open order of the course or replaces it; a free-by-coupon order
 * is paid at once, any other gets its signed checkout form.
 */
export async function makeOrder(ctx: OrdersContext, buyer: TUser, req: OrderRequest, place: RequestPlace): Promise<TOrderResponse> {
  if (!mayBuy(buyer)) throw new AppError("REGISTRATION_REQUIRED", "Sign up to buy a course");
  if (req.environmentId !== ctx.environmentId) throw new AppError("ORDER_ENVIRONMENT_INVALID", `Unknown environment ${req.environmentId}`);
  const { langs } = await ctx.portalLangs();
  const back = parseResultUrl(req.resultUrl, place.origin, langs);
  if (!back) throw new AppError("ORDER_RESULT_URL_INVALID", "resultUrl must be /{lang}/order-result/ on this site");
  const course = await courseForSale(ctx, req.courses[0]!);
  const gateway = chooseGateway(ctx, req.gateway, course.currency);
  const giftEmail = req.gift?.email ?? null;
  const giftMessage = req.gift?.message || null;
  if (!giftEmail) {
    const account = await ctx.users.findById(buyer.id);
    if (account?.orderedCourses.includes(course.id)) throw new AppError("ORDER_ALREADY_BOUGHT", `Course ${course.id} is already bought`);
  }
  const price = await priceOf(ctx, course, req.coupon);

  const put = () =>
    ctx.repo.transaction(async (w) => {
      const now = ctx.now();
      const open = await w.lockOpenOrder(ctx.environmentId, buyer.id, course.id);
      if (open && reusable(open, { gateway: gateway.id, price, giftEmail, giftMessage }, now)) {
        return {
          order: await w.updateOrder(open.id, { lang: back.lang, returnPath: back.returnPath(open.id), continuePath: back.continuePath }),
          replaced: null,
        };
      }
      if (open && (await w.move(open.id, ["created", "pending"], "expired", now))) await w.addEvent(open.id, "expired", "order", null, now);
      const id = newOrderId();
      const order = await w.insertOrder({
        id,
        environmentId: ctx.environmentId,
        userId: buyer.id,
        courseId: course.id,
        gateway: gateway.id,
        status: "created",
        currency: course.currency as OrderRow["currency"],
        listAmountMinor: price.listAmountMinor,
        amountMinor: price.amountMinor,
        couponCode: price.couponCode,
        couponDiscountMinor: price.discountMinor,
        giftEmail,
        giftMessage,
        lang: back.lang,
        returnPath: back.returnPath(id),
        continuePath: back.continuePath,
        createdAt: now,
        updatedAt: now,
      });
      await w.addEvent(id, "created", "order", null, now);
      return { order, replaced: open?.id ?? null };
    });
  let made: Awaited<ReturnType<typeof put>>;
  try {
    made = await put();
  } catch (e) {
    // Two requests of one learner raced past the open-order lock (none existed yet): the index let
    // one insert win; this one now finds that order and reuses or replaces it.
    if (!isUniqueViolation(e, "orders_one_open")) throw e;
    made = await put();
  }
  const { order, replaced } = made;
  if (replaced) await ctx.bus.publish({ topic: `order:${replaced}`, kind: "changed", id: replaced });

  if (order.amountMinor === 0) {
    // A coupon took the whole price: paid now, no gateway (docs/decisions/0031).
    await moveOrder(ctx, order.id, "paid", { source: "coupon", providerStatus: null }, place);
    return { state: "ok", orderId: order.id, next: "result", resultUrl: order.returnPath, meta: {} };
  }
  const title = await courseTitle(ctx, order.courseId, order.lang);
  const callbackRoute = gateway.id === "wayforpay" ? "wayforpay" : "liqpay";
  const checkout = gateway.checkout(
    {
      id: order.id,
      amountMinor: order.amountMinor,
      currency: order.currency,
      lang: order.lang,
      title,
      description: await ctx.letters.description(order.lang, { course: title, orderId: order.id }),
      createdAt: order.createdAt,
    },
    {
      callbackUrl: `${place.paymentsBase}/api/payments/${callbackRoute}/callback`,
      returnUrl: `${place.paymentsBase}/api/orders/${order.id}/return`,
      host: new URL(place.paymentsBase).hostname,
    },
  );
  return {
    state: "ok",
    orderId: order.id,
    next: "checkout",
    checkoutUrl: checkout.checkoutUrl,
    resultUrl: order.returnPath,
    meta: { data: checkout.data, ...(checkout.signature ? { signature: checkout.signature } : {}) },
  };
}
