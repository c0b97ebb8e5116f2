import { GATEWAY_CURRENCIES } from "../../../domain/order";
import type { CallbackOutcome, CallbackVerdict, Checkout, CheckoutOrder, CheckoutUrls, Gateway } from "./gateway";
import { providerAmount, providerAmountMinor } from "./gateway";
import { verifyWayforpaySignature, wayforpayAccept, wayforpayCallbackString, wayforpayPurchaseString, wayforpaySignature } from "./wayforpay-signature";

/** WayForPay's page languages we can ask for; anything else is English. */
const WAYFORPAY_LANGUAGES: Record<string, string> = { uk: "UA", ru: "RU", en: "EN" };

export function wayforpayOutcome(status: string): CallbackOutcome | null {
  if (status === "Approved") return "paid";
  if (status === "Declined" || status === "Expired") return "failed";
  if (status === "Refunded" || status === "Voided") return "reversed";
  if (status === "InProcessing" || status === "WaitingAuthComplete" || status === "Pending") return "pending";
  return null;
}

/**
 * WayForPay's serviceUrl body: JSON sent as the whole body, sometimes with a form content type (then
 * the JSON is the one field name, with an empty value). Null when it is neither.
 */
export function wayforpayBody(raw: string): Record<string, unknown> | null {
  const asObject = (text: string) => {
    try {
      const v: unknown = JSON.parse(text);
      return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  const direct = asObject(raw);
  if (direct) return direct;
  const form = [...new URLSearchParams(raw)];
  return form.length === 1 && form[0]![1] === "" ? asObject(form[0]![0]) : null;
}

export interface WayforpayOptions {
  merchantAccount: string;
  secret: string;
  payUrl: string;
  /** merchantDomainName; default the host of the payments' public origin. */
  domain?: string;
}

export interface WayforpayGateway extends Gateway {
  /** The reply a verified callback gets, else WayForPay delivers it again and again. */
  accept(orderReference: string, now?: Date): ReturnType<typeof wayforpayAccept>;
}

const scalar = (v: unknown): string | number | null => (typeof v === "string" || (typeof v === "number" && Number.isFinite(v)) ? v : null);

/** WayForPay (providers.md): purchase form with merchantSignature; serviceUrl callback signed over the outcome fields. */
export function createWayforpayGateway(o: WayforpayOptions): WayforpayGateway {
  return {
    id: "wayforpay",
    currencies: GATEWAY_CURRENCIES.wayforpay,
    test: false,
    checkoutOrigin: new URL(o.payUrl).origin,
    checkout(order: CheckoutOrder, urls: CheckoutUrls): Checkout {
      const amount = providerAmount(order.amountMinor);
      const signed = {
        merchantAccount: o.merchantAccount,
        merchantDomainName: o.domain ?? urls.host,
        orderReference: order.id,
        orderDate: Math.floor(order.createdAt.getTime() / 1000),
        amount,
        currency: order.currency,
        productName: [order.title],
        productCount: [1],
        productPrice: [amount],
      };
      return {
        checkoutUrl: o.payUrl,
        data: {
          ...signed,
          merchantTransactionSecureType: "AUTO",
          merchantSignature: wayforpaySignature(o.secret, wayforpayPurchaseString(signed)),
          serviceUrl: urls.callbackUrl,
          returnUrl: urls.returnUrl,
          language: WAYFORPAY_LANGUAGES[order.lang] ?? "EN",
        },
      };
    },
    verifyCallback(raw: string): CallbackVerdict {
      const body = wayforpayBody(raw);
      if (!body) return { kind: "refused", verified: false, reason: "body is not a JSON object" };
      const fields = {
        orderReference: scalar(body.orderReference),
        amount: scalar(body.amount),
        currency: scalar(body.currency),
        authCode: scalar(body.authCode) ?? "",
        cardPan: scalar(body.cardPan) ?? "",
        transactionStatus: scalar(body.transactionStatus),
        reasonCode: scalar(body.reasonCode) ?? "",
      };
      if (fields.orderReference === null || fields.amount === null || fields.currency === null || fields.transactionStatus === null) {
        return { kind: "refused", verified: false, reason: "orderReference, amount, currency or transactionStatus missing" };
      }
      // Signed with our own account: a callback about another merchant's payment cannot verify.
      const signed = wayforpayCallbackString({
        merchantAccount: o.merchantAccount,
        orderReference: String(fields.orderReference),
        amount: fields.amount,
        currency: String(fields.currency),
        authCode: String(fields.authCode),
        cardPan: String(fields.cardPan),
        transactionStatus: String(fields.transactionStatus),
        reasonCode: fields.reasonCode,
      });
      if (!verifyWayforpaySignature(o.secret, signed, body.merchantSignature)) return { kind: "refused", verified: false, reason: "bad signature" };
      const orderReference = String(fields.orderReference);
      const providerStatus = String(fields.transactionStatus).slice(0, 40);
      if (body.merchantAccount !== o.merchantAccount) {
        return { kind: "refused", verified: true, gateway: "wayforpay", reason: "merchantAccount of another merchant", orderReference, providerStatus };
      }
      const amountMinor = providerAmountMinor(fields.amount);
      if (amountMinor === null)
        return { kind: "refused", verified: true, gateway: "wayforpay", reason: "amount is not an amount", orderReference, providerStatus };
      return {
        kind: "notice",
        verified: true,
        gateway: "wayforpay",
        orderReference,
        amountMinor,
        currency: String(fields.currency),
        providerStatus,
        outcome: wayforpayOutcome(providerStatus),
      };
    },
    accept(orderReference: string, now = new Date()) {
      return wayforpayAccept(o.secret, orderReference, Math.floor(now.getTime() / 1000));
    },
  };
}
