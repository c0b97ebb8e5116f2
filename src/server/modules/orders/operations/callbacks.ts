import { createHash } from "node:crypto";
import { ORDER_ID_PATTERN, type TGateway } from "../../../../domain/order";
import type { CallbackVerdict } from "../../../platform/payments/gateway";
import type { OrdersContext, RequestPlace } from "./context";
import { moveOrder } from "./transition";

/** Callbacks are small (LiqPay's form, WayForPay's JSON): anything bigger is refused unread. */
export const CALLBACK_MAX_BYTES = 16 * 1024;

export type CallbackRoute = Extract<TGateway, "liqpay" | "wayforpay">;

export interface CallbackResult {
  outcome: "applied" | "ignored" | "refused";
  reason: string;
  /** The order it named, when that is an order of this portal. */
  orderId: string | null;
  /** The signature was ours (WayForPay then gets its signed accept reply, whatever the outcome). */
  verified: boolean;
  /** The order reference as the (verified) callback gave it. */
  orderReference: string | null;
}

/** A provider's status word for logs and the audit: letters, digits, _ and - only. */
const cleanStatus = (s: string | null | undefined) => (s && /^[\w-]{1,40}$/.test(s) ? s : s ? "(unprintable)" : null);

/**
 * A provider's callback (docs/decisions/0031). The gateway checks the signature over the body as
 * received before anything in it is believed; then the order must be one of this portal, of the
 * gateway that signed, with the amount and currency it was made for. Only then does the status move
 * the order (one conditional update: a replay or a duplicate moves nothing). Every callback is
 * recorded in payment_callbacks with its outcome and reason, and logged; a refused one changes no order.
 */
export async function receiveCallback(ctx: OrdersContext, route: CallbackRoute, raw: Buffer | undefined, place: RequestPlace): Promise<CallbackResult> {
  const bodySha256 = raw && raw.length ? createHash("sha256").update(raw).digest("hex") : null;
  const finish = async (result: CallbackResult, gateway: TGateway, providerStatus: string | null, recorded = false): Promise<CallbackResult> => {
    if (!recorded) {
      await ctx.repo.recordCallback({ gateway, orderId: result.orderId, outcome: result.outcome, reason: result.reason, providerStatus, bodySha256 });
    }
    const line = { gateway, route, outcome: result.outcome, reason: result.reason, orderId: result.orderId, providerStatus, bodySha256 };
    if (result.outcome === "refused") place.log.warn(line, "payment callback refused");
    else place.log.info(line, `payment callback ${result.outcome}`);
    return result;
  };
  const refuse = (reason: string, gateway: TGateway = route, extra: Partial<CallbackResult> = {}, providerStatus: string | null = null) =>
    finish({ outcome: "refused", reason, orderId: null, verified: false, orderReference: null, ...extra }, gateway, providerStatus);

  if (!raw || raw.length === 0) return refuse("empty body");
  if (raw.length > CALLBACK_MAX_BYTES) return refuse("body too large");
  const text = raw.toString("utf8");
  let verdict: CallbackVerdict;
  if (route === "liqpay") verdict = ctx.gateways.verifyLiqpayFormat(text);
  else verdict = ctx.gateways.wayforpay?.verifyCallback(text) ?? { kind: "refused", verified: false, reason: "WayForPay is not configured" };
  if (!verdict.verified) return refuse(verdict.reason);

  const gateway = verdict.gateway;
  const providerStatus = cleanStatus(verdict.providerStatus);
  const reference = verdict.orderReference;
  const order = reference && ORDER_ID_PATTERN.test(reference) ? await ctx.repo.findOrder(reference) : null;
  const ours = order && order.environmentId === ctx.environmentId ? order : null;
  const known = { verified: true, orderReference: reference, orderId: ours?.id ?? null };
  if (verdict.kind === "refused") return refuse(verdict.reason, gateway, known, providerStatus);
  if (!order) return refuse("unknown order", gateway, known, providerStatus);
  if (!ours) return refuse("order of another portal", gateway, known, providerStatus);
  if (ours.gateway !== gateway) return refuse(`order of another gateway (${ours.gateway})`, gateway, known, providerStatus);
  if (verdict.currency !== ours.currency) return refuse("currency does not match the order", gateway, known, providerStatus);
  if (verdict.amountMinor !== ours.amountMinor) return refuse("amount does not match the order", gateway, known, providerStatus);
  if (!verdict.outcome) return finish({ outcome: "ignored", reason: `status ${providerStatus} changes nothing`, ...known }, gateway, providerStatus);

  const moved = await moveOrder(ctx, ours.id, verdict.outcome, { source: "callback", providerStatus, audit: { gateway, bodySha256, providerStatus } }, place);
  if (moved) return finish({ outcome: "applied", reason: `order moved to ${verdict.outcome}`, ...known }, gateway, providerStatus, true);
  // Lost the race or came too late: the order had already moved (a replay, a duplicate, success after reversal).
  const now = await ctx.repo.findOrder(ours.id);
  return finish({ outcome: "ignored", reason: `order is ${now?.status ?? ours.status}: not moved to ${verdict.outcome}`, ...known }, gateway, providerStatus);
}

/** A callback refused before it could be read (too large for the parser): recorded and logged all the same. */
export async function refuseUnread(ctx: OrdersContext, route: CallbackRoute, reason: string, log: RequestPlace["log"]): Promise<void> {
  await ctx.repo.recordCallback({ gateway: route, orderId: null, outcome: "refused", reason, providerStatus: null, bodySha256: null });
  log.warn({ gateway: route, route, outcome: "refused", reason }, "payment callback refused");
}
