import { createHash, timingSafeEqual } from "node:crypto";

/** Creator preview secrets are stored as sha256 hex, never in the clear. */
export function hashPreviewSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** Constant-time comparison of a presented secret with the stored hash; no hash means preview is off. */
export function previewSecretMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const presented = Buffer.from(hashPreviewSecret(secret), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
