import { AppError } from "../../../../domain/errors";
import { isOpenOrder, SANDBOX_LATER_MS, toMajorUnits, type TSandboxDecision, type TSandboxPayment } from "../../../../domain/order";
import { providerAmount, providerAmountMinor } from "../../../platform/payments/gateway";
import { liqpayForm } from "../../../platform/payments/liqpay-gateway";
import { decodeLiqpayData, verifyLiqpaySignature } from "../../../platform/payments/liqpay-signature";
import type { SandboxKeys } from "../../../platform/payments/sandbox";
import type { OrderRow } from "../repo";
import type { OrdersContext, RequestPlace } from "./context";
import { courseTitle } from "./present";

/** The LiqPay status each decision reports; "later" reports processing first and this one after SANDBOX_LATER_MS. */
const STATUS = { pay: "sandbox", decline: "failure", later: "processing" } as const;

function sandboxOf(ctx: OrdersContext): SandboxKeys {
  if (!ctx.gateways.sandbox) throw new AppError("SANDBOX_DISABLED", "Test payments are off");
  return ctx.gateways.sandbox;
}

/** A sandbox order of this portal, else ORDER_NOT_FOUND. */
async function sandboxOrder(ctx: OrdersContext, id: string): Promise<OrderRow> {
  const order = await ctx.repo.findOrder(id);
  if (!order || order.environmentId !== ctx.environmentId || order.gateway !== "sandbox") throw new AppError("ORDER_NOT_FOUND", `No sandbox order ${id}`);
  return order;
}

/**
 * POST /payments/sandbox/checkout: the form the browser posted to the sandbox, checked as LiqPay
 * checks its checkout (our signature over `data`, our public key, an open order of ours with that
 * amount). Answers the test-payment page's address with a ticket for this one order.
 */
export async function sandboxCheckout(ctx: OrdersContext, raw: Buffer | undefined): Promise<string> {
  const keys = sandboxOf(ctx);
  const invalid = (why: string) => new AppError("SANDBOX_CHECKOUT_INVALID", `Test checkout refused: ${why}`);
  const { data, signature } = liqpayForm(raw?.toString("utf8") ?? "");
  if (!data || !signature || !verifyLiqpaySignature(keys.privateKey, data, signature)) throw invalid("bad signature");
  const params = decodeLiqpayData(data);
  if (!params || params.public_key !== keys.publicKey || typeof params.order_id !== "string") throw invalid("not a sandbox checkout");
  const order = await ctx.repo.findOrder(params.order_id);
  if (!order || order.environmentId !== ctx.environmentId || order.gateway !== "sandbox") throw invalid("unknown order");
  if (providerAmountMinor(params.amount) !== order.amountMinor || params.currency !== order.currency) throw invalid("amount or currency");
  if (!isOpenOrder(order.status)) throw invalid(`order is ${order.status}`);
  return `/${order.lang}/test-payment/${order.id}/?t=${encodeURIComponent(keys.ticket(order.id, ctx.now().getTime()))}`;
}

/**
 * GET /payments/sandbox/orders/{id}?t=: what the test-payment page shows. Only with this order's
 * unexpired ticket: a wrong or missing one is ORDER_NOT_FOUND, the answer of a missing order, and is
 * checked (in constant time) before the order is looked up, so it tells nothing of the order, not even
 * that it exists.
 */
export async function sandboxPayment(ctx: OrdersContext, orderId: string, ticket: string): Promise<TSandboxPayment> {
  const keys = sandboxOf(ctx);
  if (!keys.checkTicket(orderId, ticket, ctx.now().getTime())) throw new AppError("ORDER_NOT_FOUND", `No sandbox order ${orderId}`);
  const order = await sandboxOrder(ctx, orderId);
  return {
    orderId: order.id,
    courseId: order.courseId,
    courseTitle: await courseTitle(ctx, order.courseId, order.lang),
    currency: order.currency,
    amount: toMajorUnits(order.amountMinor),
    status: order.status,
    lang: order.lang,
  };
}

/** Pending deliveries of "pay later": cleared when the app closes. */
export interface SandboxTimers {
  add(timer: NodeJS.Timeout): void;
  delete(timer: NodeJS.Timeout): void;
}

/**
 * POST /payments/sandbox/decide: the test-payment page's button. Signs a LiqPay-format callback with
 * the sandbox key and delivers it over HTTP to our LiqPay callback route, the path a real provider's
 * takes ("later": processing now, paid SANDBOX_LATER_MS after). Answers where the browser goes: the
 * order's return address, as the provider would send it.
 */
export async function sandboxDecide(
  ctx: OrdersContext,
  d: TSandboxDecision,
  place: RequestPlace,
  timers: SandboxTimers,
  deliver: (url: string, body: string) => Promise<boolean>,
): Promise<{ redirect: string }> {
  const keys = sandboxOf(ctx);
  const order = await sandboxOrder(ctx, d.orderId);
  if (!keys.checkTicket(order.id, d.ticket, ctx.now().getTime())) throw new AppError("SANDBOX_TICKET_INVALID", "The test-payment ticket is not valid");
  const url = `${place.paymentsBase}/api/payments/liqpay/callback`;
  const body = (status: string) =>
    keys.callbackBody({
      order_id: order.id,
      status,
      amount: providerAmount(order.amountMinor),
      currency: order.currency,
      description: "Mentora sandbox",
      payment_id: Date.now(),
      paytype: "card",
      sender_card_mask2: "424242*42",
      ...(status === "failure" ? { err_code: "sandbox_decline", err_description: "Declined on the test-payment page" } : {}),
    });
  if (!(await deliver(url, body(STATUS[d.decision])))) throw new AppError("SANDBOX_DELIVERY_FAILED", `The callback to ${url} failed`);
  if (d.decision === "later") {
    const timer = setTimeout(() => {
      timers.delete(timer);
      deliver(url, body(STATUS.pay)).then(
        (ok) => {
          if (!ok) place.log.warn({ orderId: order.id, url }, "sandbox: the delayed paid callback was not accepted");
        },
        (err: unknown) => place.log.error({ err, orderId: order.id }, "sandbox: the delayed paid callback failed"),
      );
    }, SANDBOX_LATER_MS);
    timer.unref();
    timers.add(timer);
  }
  return { redirect: `${place.paymentsBase}/api/orders/${order.id}/return` };
}
