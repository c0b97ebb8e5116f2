import type { TGateway } from "../../../domain/order";

/**
 * What every payment gateway does (docs/decisions/0031): build the checkout form of an order and
 * turn a provider's callback into a verdict. Gateways know nothing of orders in the database: the
 * orders module checks a verdict against the order it names.
 */

/** What a checkout needs of an order; the amount is the order's, never the browser's. */
export interface CheckoutOrder {
  id: string;
  amountMinor: number;
  currency: string;
  lang: string;
  /** The course title in the order's language (WayForPay's product name). */
  title: string;
  /** One line for the provider's page (LiqPay's description). */
  description: string;
  createdAt: Date;
}

/** Our addresses for this checkout, on the payments' public origin. */
export interface CheckoutUrls {
  /** Where the provider calls back (server_url, serviceUrl). */
  callbackUrl: string;
  /** Where the provider returns the browser (result_url, returnUrl): /api/orders/{id}/return. */
  returnUrl: string;
  /** The host of the payments' public origin (WayForPay's merchantDomainName by default). */
  host: string;
}

/** The form the browser posts to `checkoutUrl`: LiqPay `data` + `signature`, WayForPay every field. */
export interface Checkout {
  checkoutUrl: string;
  data: string | Record<string, string | number | Array<string | number>>;
  signature?: string;
}

/** What a provider's status means for the order; null: nothing to do (an unknown or informational status). */
export type CallbackOutcome = "paid" | "pending" | "failed" | "reversed";

/**
 * A callback as a gateway reads it. `verified: false`: no valid signature over the body (nothing in
 * it may be believed). A verified callback either names an order and an outcome (`notice`) or was
 * refused anyway (`refused` with `verified: true`: e.g. another merchant's key or unusable fields).
 */
export type CallbackVerdict =
  | { kind: "refused"; verified: false; reason: string }
  | { kind: "refused"; verified: true; gateway: TGateway; reason: string; orderReference: string | null; providerStatus: string | null }
  | {
      kind: "notice";
      verified: true;
      gateway: TGateway;
      orderReference: string;
      amountMinor: number;
      currency: string;
      providerStatus: string;
      outcome: CallbackOutcome | null;
    };

export interface Gateway {
  id: TGateway;
  /** Currencies this gateway accepts. */
  currencies: readonly string[];
  /** A test gateway (the sandbox): no money moves. */
  test: boolean;
  /** The origin the browser's checkout form goes to (the page's form-action must allow it); null for our own. */
  checkoutOrigin: string | null;
  checkout(order: CheckoutOrder, urls: CheckoutUrls): Checkout;
  /** Reads a callback body exactly as received. */
  verifyCallback(raw: string): CallbackVerdict;
}

/**
 * An amount as a provider sends it (a JSON number or a decimal string) in minor units; null when it
 * is not a non-negative amount with at most two decimals.
 */
export function providerAmountMinor(v: unknown): number | null {
  if (typeof v !== "number" && typeof v !== "string") return null;
  const s = typeof v === "number" ? (Number.isFinite(v) ? String(v) : "") : v.trim();
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** An amount for a provider: major units as a number with at most two decimals (490, 441.5). */
export const providerAmount = (minor: number): number => minor / 100;
