/**
 * The messengers of messenger sign-in (messengers.ts), without zod: the browser runs these on every
 * page (docs/decisions/0020-lean-client.md).
 */

/** In the seed's order; this is also the order of their buttons. */
export const MESSENGERS = ["whatsapp", "telegram", "viber", "facebookmessenger"] as const;

/** The login method of a link ("whatsapp|123") is a messenger. */
export function isMessengerMethod(method: string): boolean {
  return (MESSENGERS as readonly string[]).includes(method);
}
