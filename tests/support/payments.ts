/**
 * Payments for tests: provider keys for an app's environment, and callbacks signed as LiqPay and
 * WayForPay sign them (src/server/platform/payments, checked against providers.md's vectors).
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { orders, paymentCallbacks } from "../../src/server/db/schema/orders";
import { users } from "../../src/server/db/schema/users";
import { decodeLiqpayData, liqpayData, liqpaySignature } from "../../src/server/platform/payments/liqpay-signature";
import { wayforpayCallbackString, wayforpaySignature } from "../../src/server/platform/payments/wayforpay-signature";

/** LiqPay's documented test keys (providers.md vector 2) and WayForPay's public test merchant. */
export const LIQPAY = { publicKey: "i00000000", privateKey: "a4825234f4bae72a0be04eafe9e8e2bada209255" };
export const WAYFORPAY = { merchantAccount: "test_merch_n1", secret: "flk3409refn54t54t*FNJRET" };

/** Environment that configures both real gateways (their stand-ins' addresses are never called by the server). */
export const PAYMENT_ENV = {
  LIQPAY_PUBLIC_KEY: LIQPAY.publicKey,
  LIQPAY_PRIVATE_KEY: LIQPAY.privateKey,
  WAYFORPAY_MERCHANT_ACCOUNT: WAYFORPAY.merchantAccount,
  WAYFORPAY_SECRET: WAYFORPAY.secret,
};

/**
 * What `npm start` runs with on `port` (production as the local demo, PUBLIC_URL on localhost, the sandbox on); the
 * overload defaults stay the tests' (a busy test machine is not what these tests check).
 */
export const localDemoEnv = (port: number) => ({
  NODE_ENV: "production",
  MENTORA_DEMO: "1",
  PORT: String(port),
  PUBLIC_URL: `http://localhost:${port}`,
  PAYMENTS_SANDBOX: "true",
  OVERLOAD_MAX_LAG_MS: "0",
  OVERLOAD_QUEUE_WAIT_MS: "60000",
});

export const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** A LiqPay server callback body: `data` (base64 JSON) and `signature`, form-encoded. */
export function liqpayCallback(params: Record<string, string | number>, privateKey = LIQPAY.privateKey, publicKey = LIQPAY.publicKey): string {
  const data = liqpayData({ public_key: publicKey, version: "3", action: "pay", ...params });
  return new URLSearchParams({ data, signature: liqpaySignature(privateKey, data) }).toString();
}

/** A WayForPay serviceUrl callback body (JSON), signed with the merchant's secret. */
export function wayforpayCallback(
  fields: { orderReference: string; amount: number; currency: string; transactionStatus: string; merchantAccount?: string },
  secret = WAYFORPAY.secret,
): Record<string, string | number> {
  const signed = {
    merchantAccount: fields.merchantAccount ?? WAYFORPAY.merchantAccount,
    orderReference: fields.orderReference,
    amount: fields.amount,
    currency: fields.currency,
    authCode: "541963",
    cardPan: "52****8417",
    transactionStatus: fields.transactionStatus,
    reasonCode: 1100,
  };
  return { ...signed, merchantSignature: wayforpaySignature(secret, wayforpayCallbackString(signed)), email: "buyer@example.com", createdDate: 1415379863 };
}

/** The parameters of a LiqPay checkout's `data`. */
export const liqpayParams = (data: string) => decodeLiqpayData(data) as Record<string, string | number>;

export async function orderRow(db: Db, id: string) {
  return (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
}

export async function callbacksOf(db: Db, orderId: string) {
  return db.select().from(paymentCallbacks).where(eq(paymentCallbacks.orderId, orderId));
}

export async function orderedCourses(db: Db, userId: string): Promise<string[]> {
  return (await db.select().from(users).where(eq(users.id, userId)))[0]!.orderedCourses;
}

/** What POST /api/orders answers with state ok. */
export interface MadeOrder {
  state: "ok";
  orderId: string;
  next: "checkout" | "result";
  checkoutUrl?: string;
  resultUrl: string;
  meta: { data?: string | Record<string, string | number | Array<string | number>>; signature?: string };
}

/** The order request the buy step sends, for `courseId`, with overrides. */
export function orderBody(environmentId: string, courseId: string, overrides: Record<string, unknown> = {}) {
  return { courses: [courseId], resultUrl: "/en/order-result/", host: "localhost", environmentId, ...overrides };
}

/** payment_callbacks rows of one body (by its sha256), oldest first. */
export async function auditOf(db: Db, body: string | Buffer) {
  const sha = createHash("sha256").update(body).digest("hex");
  return db.select().from(paymentCallbacks).where(eq(paymentCallbacks.bodySha256, sha)).orderBy(paymentCallbacks.id);
}
