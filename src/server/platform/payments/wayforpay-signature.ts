import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * WayForPay's signing (../shared/reference/providers.md): lowercase hex HMAC-MD5 with the merchant's
 * secret over fields joined by ";". The purchase signs the merchant, order and product lists; the
 * serviceUrl callback signs the transaction outcome; the required reply signs "orderReference;accept;time".
 */
export interface WayforpayPurchaseSigned {
  merchantAccount: string;
  merchantDomainName: string;
  orderReference: string;
  orderDate: number;
  amount: number | string;
  currency: string;
  productName: readonly string[];
  productCount: ReadonlyArray<number | string>;
  productPrice: ReadonlyArray<number | string>;
}

export function wayforpayPurchaseString(p: WayforpayPurchaseSigned): string {
  return [
    p.merchantAccount,
    p.merchantDomainName,
    p.orderReference,
    p.orderDate,
    p.amount,
    p.currency,
    ...p.productName,
    ...p.productCount,
    ...p.productPrice,
  ].join(";");
}

export interface WayforpayCallbackSigned {
  merchantAccount: string;
  orderReference: string;
  amount: number | string;
  currency: string;
  authCode: string;
  cardPan: string;
  transactionStatus: string;
  reasonCode: number | string;
}

export function wayforpayCallbackString(c: WayforpayCallbackSigned): string {
  return [c.merchantAccount, c.orderReference, c.amount, c.currency, c.authCode, c.cardPan, c.transactionStatus, c.reasonCode].join(";");
}

export function wayforpaySignature(secret: string, signed: string): string {
  return createHmac("md5", secret).update(signed, "utf8").digest("hex");
}

/** Constant-time comparison of a received hex signature with the one computed over `signed`. */
export function verifyWayforpaySignature(secret: string, signed: string, signature: unknown): boolean {
  if (typeof signature !== "string" || !/^[0-9a-f]{32}$/i.test(signature)) return false;
  const expected = Buffer.from(wayforpaySignature(secret, signed), "hex");
  const given = Buffer.from(signature.toLowerCase(), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The reply the serviceUrl callback must get, else WayForPay delivers it again. */
export function wayforpayAccept(secret: string, orderReference: string, time: number) {
  return { orderReference, status: "accept" as const, time, signature: wayforpaySignature(secret, `${orderReference};accept;${time}`) };
}
