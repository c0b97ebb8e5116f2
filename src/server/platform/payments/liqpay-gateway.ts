import { GATEWAY_CURRENCIES, type TGateway } from "../../../domain/order";
import type { CallbackOutcome, CallbackVerdict, Checkout, CheckoutOrder, CheckoutUrls, Gateway } from "./gateway";
import { providerAmount, providerAmountMinor } from "./gateway";
import { decodeLiqpayData, liqpayData, liqpaySignature, verifyLiqpaySignature } from "./liqpay-signature";

/** LiqPay's checkout languages: Ukrainian and English (its Russian page is gone). */
const LIQPAY_LANGUAGES: Record<string, string> = { uk: "uk" };

/** Statuses that mean "not settled yet" (LiqPay's verification steps and waits). */
const PENDING = new Set([
  "processing",
  "prepared",
  "invoice_wait",
  "hold_wait",
  "cash_wait",
  "3ds_verify",
  "captcha_verify",
  "cvv_verify",
  "ivr_verify",
  "otp_verify",
  "password_verify",
  "phone_verify",
  "pin_verify",
  "receiver_verify",
  "sender_verify",
  "senderapp_verify",
  "p24_verify",
  "mp_verify",
]);

export function liqpayOutcome(status: string, sandboxPays: boolean): CallbackOutcome | null {
  if (status === "success") return "paid";
  // A test payment (LiqPay's sandbox mode, or ours) pays only while test payments are on.
  if (status === "sandbox") return sandboxPays ? "paid" : null;
  if (status === "failure" || status === "error") return "failed";
  if (status === "reversed") return "reversed";
  if (PENDING.has(status) || status.startsWith("wait_")) return "pending";
  return null;
}

export interface LiqpayFormatOptions {
  id: Extract<TGateway, "liqpay" | "sandbox">;
  publicKey: string;
  privateKey: string;
  checkoutUrl: string;
  /** Whether status "sandbox" pays (test payments are on). */
  sandboxPays: boolean;
  test: boolean;
}

/** The form fields of a LiqPay-format body (form-encoded `data` and `signature`); null when it is not a form. */
export function liqpayForm(raw: string): { data: string | null; signature: string | null } {
  const form = new URLSearchParams(raw);
  // A repeated field is ambiguous: which one was signed? Refused rather than guessed.
  const one = (name: string) => (form.getAll(name).length === 1 ? form.get(name) : null);
  return { data: one("data"), signature: one("signature") };
}

/**
 * LiqPay's protocol (providers.md): checkout `data` (base64 JSON) and `signature`; callbacks are
 * verified over `data` exactly as received, in constant time, before anything in it is decoded. The
 * sandbox speaks it too, with its own keys.
 */
export function createLiqpayFormatGateway(o: LiqpayFormatOptions): Gateway {
  const checkoutOrigin = /^https?:\/\//.test(o.checkoutUrl) ? new URL(o.checkoutUrl).origin : null;
  return {
    id: o.id,
    currencies: GATEWAY_CURRENCIES[o.id],
    test: o.test,
    checkoutOrigin,
    checkout(order: CheckoutOrder, urls: CheckoutUrls): Checkout {
      const data = liqpayData({
        version: "3",
        public_key: o.publicKey,
        action: "pay",
        amount: providerAmount(order.amountMinor),
        currency: order.currency,
        description: order.description,
        order_id: order.id,
        result_url: urls.returnUrl,
        server_url: urls.callbackUrl,
        language: LIQPAY_LANGUAGES[order.lang] ?? "en",
      });
      return { checkoutUrl: o.checkoutUrl, data, signature: liqpaySignature(o.privateKey, data) };
    },
    verifyCallback(raw: string): CallbackVerdict {
      const { data, signature } = liqpayForm(raw);
      if (!data || !signature) return { kind: "refused", verified: false, reason: "missing data or signature" };
      if (!verifyLiqpaySignature(o.privateKey, data, signature)) return { kind: "refused", verified: false, reason: "bad signature" };
      const params = decodeLiqpayData(data);
      const refused = (reason: string, orderReference: string | null = null, providerStatus: string | null = null): CallbackVerdict => ({
        kind: "refused",
        verified: true,
        gateway: o.id,
        reason,
        orderReference,
        providerStatus,
      });
      if (!params) return refused("data is not base64 JSON of an object");
      const orderId = typeof params.order_id === "string" ? params.order_id : null;
      const status = typeof params.status === "string" ? params.status.slice(0, 40) : null;
      if (params.public_key !== o.publicKey) return refused("public_key of another merchant", orderId, status);
      const amountMinor = providerAmountMinor(params.amount);
      if (!orderId || !status || amountMinor === null || typeof params.currency !== "string")
        return refused("order_id, status, amount or currency missing", orderId, status);
      return {
        kind: "notice",
        verified: true,
        gateway: o.id,
        orderReference: orderId,
        amountMinor,
        currency: params.currency,
        providerStatus: status,
        outcome: liqpayOutcome(status, o.sandboxPays),
      };
    },
  };
}
