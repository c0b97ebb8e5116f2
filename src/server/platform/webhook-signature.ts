import { createHmac, timingSafeEqual } from "node:crypto";

/** The header a bot signs its webhook with: "sha256=" + hex HMAC-SHA256 of the raw body. */
export const WEBHOOK_SIGNATURE_HEADER = "x-mentora-signature";

export function signWebhook(secret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;
}

/** Recomputes the signature over the body exactly as received and compares in constant time. */
export function verifyWebhookSignature(secret: string, rawBody: string | Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== "string") return false;
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!m) return false;
  const given = Buffer.from(m[1], "hex");
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
