import { createHash, timingSafeEqual } from "node:crypto";

/**
 * LiqPay's signing (../shared/reference/providers.md): `data` is base64 of the JSON parameters and
 * `signature` is base64 of the raw SHA-1 digest of private_key + data + private_key. A callback is
 * verified over `data` exactly as received, before it is decoded (one SDK signs the decoded JSON: wrong).
 */
export function liqpayData(params: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(params), "utf8").toString("base64");
}

export function liqpaySignature(privateKey: string, data: string): string {
  return createHash("sha1")
    .update(privateKey + data + privateKey, "utf8")
    .digest("base64");
}

/** Constant-time comparison of the received signature with the one computed over the received data. */
export function verifyLiqpaySignature(privateKey: string, data: unknown, signature: unknown): boolean {
  if (typeof data !== "string" || typeof signature !== "string" || !data || !signature) return false;
  const expected = Buffer.from(liqpaySignature(privateKey, data), "utf8");
  const given = Buffer.from(signature, "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The parameters of verified `data`; null when it is not base64 JSON of an object. */
export function decodeLiqpayData(data: string): Record<string, unknown> | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(data, "base64").toString("utf8"));
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
