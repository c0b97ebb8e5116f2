import type { FastifyRequest } from "fastify";
import { GUEST_SESSION_COOKIE, ZGuestSessionId } from "../../domain/results";

/**
 * The browser's guest session (the cookie the web app mirrors its session token into, decision 0039),
 * or null when there is none or it is malformed. Its quiz and interaction results join the account at a
 * sign-in and when the account's e-mail is verified.
 */
export function guestSessionOf(req: Pick<FastifyRequest, "cookies">): string | null {
  const parsed = ZGuestSessionId.safeParse(req.cookies[GUEST_SESSION_COOKIE]);
  return parsed.success ? parsed.data : null;
}
