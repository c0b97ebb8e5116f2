import { createHmac, timingSafeEqual } from "node:crypto";
import { liqpayData, liqpaySignature } from "./liqpay-signature";

/** How long the test-payment page's link works after the checkout. */
export const SANDBOX_TICKET_TTL_MS = 30 * 60_000;

/**
 * Mentora's own test checkout (docs/decisions/0031). It speaks LiqPay's protocol with keys derived
 * from the signing secret (HMAC "mentora-sandbox"), so its checkout and its callbacks run through the
 * LiqPay code path; a ticket (HMAC of order and expiry) lets the test-payment page decide one order.
 */
export function createSandboxKeys(secret: Uint8Array | string) {
  const derive = (label: string) => createHmac("sha256", secret).update(`mentora-sandbox:${label}`).digest("base64url");
  const privateKey = derive("private");
  const publicKey = `sandbox_${derive("public").slice(0, 16)}`;
  const ticketKey = derive("ticket");
  const ticketMac = (orderId: string, expires: number) => createHmac("sha256", ticketKey).update(`${orderId}.${expires}`).digest("base64url");

  return {
    publicKey,
    privateKey,
    /** `<expires (unix ms)>.<mac>` for the test-payment page of one order. */
    ticket(orderId: string, now = Date.now()): string {
      const expires = now + SANDBOX_TICKET_TTL_MS;
      return `${expires}.${ticketMac(orderId, expires)}`;
    },
    /** True for an unexpired ticket made for this order; compared in constant time. */
    checkTicket(orderId: string, ticket: string, now = Date.now()): boolean {
      const m = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
      if (!m) return false;
      const expires = Number(m[1]);
      if (expires < now) return false;
      const expected = Buffer.from(ticketMac(orderId, expires));
      const given = Buffer.from(m[2]!);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    /** A LiqPay-format callback body signed with the sandbox key, as LiqPay would post it. */
    callbackBody(params: Record<string, string | number>): string {
      const data = liqpayData({ public_key: publicKey, version: "3", action: "pay", ...params });
      return new URLSearchParams({ data, signature: liqpaySignature(privateKey, data) }).toString();
    },
  };
}
export type SandboxKeys = ReturnType<typeof createSandboxKeys>;
