import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** How old a Telegram login may be (the portal's choice; one day is common). */
export const TELEGRAM_MAX_AGE_SECONDS = 24 * 60 * 60;

export interface TelegramLogin {
  id: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  authDate: number;
}

/**
 * Telegram Login Widget check: data_check_string is every field but `hash`, sorted by key, as
 * key=value joined by \n; valid when hex(HMAC_SHA256(SHA256(bot_token), data_check_string)) equals
 * `hash` (compared in constant time) and auth_date is recent.
 */
export function verifyTelegramLogin(
  fields: Record<string, string>,
  botToken: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  maxAgeSeconds = TELEGRAM_MAX_AGE_SECONDS,
): TelegramLogin | null {
  const { hash, ...rest } = fields;
  if (!hash || !/^[0-9a-f]{64}$/i.test(hash) || !rest.id || !rest.auth_date) return null;
  const dataCheckString = Object.keys(rest)
    .sort()
    .map((k) => `${k}=${rest[k]}`)
    .join("\n");
  const secret = createHash("sha256").update(botToken).digest();
  const expected = createHmac("sha256", secret).update(dataCheckString).digest();
  const given = Buffer.from(hash, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const authDate = Number(rest.auth_date);
  if (!Number.isFinite(authDate) || nowSeconds - authDate > maxAgeSeconds || authDate - nowSeconds > 60) return null;
  return { id: rest.id, firstName: rest.first_name ?? null, lastName: rest.last_name ?? null, username: rest.username ?? null, authDate };
}
