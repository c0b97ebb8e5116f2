import { AppError } from "../../../domain/errors";
import type { Auth } from "../../../domain/learning-access";

/** Access rules of results (issue 13), one function per rule. */

/** Whose a result is: the account of the request, else the guest's browser session. */
export interface ResultOwner {
  userId: string | null;
  sessionId: string | null;
}

/**
 * A signed-in request's result is its account's (a session id in the body is only noted, for a later
 * identify); a guest's is its browser session's, which it must name (GUEST-SESSION-REQUIRED).
 */
export function ownerOf(auth: Auth, sessionId: string | undefined): ResultOwner {
  if (auth.kind === "bad-token") throw new AppError("TOKEN_BAD", "The access token is not valid");
  if (auth.kind === "user") return { userId: auth.user.id, sessionId: sessionId ?? null };
  if (!sessionId) throw new AppError("GUEST_SESSION_REQUIRED", "A guest's result needs its sessionId");
  return { userId: null, sessionId };
}

/** A retried send is the same owner's: another account or guest session may not reuse a key. */
export function sameOwner(row: { userId: string | null; sessionId: string | null }, owner: ResultOwner): boolean {
  return owner.userId !== null ? row.userId === owner.userId : row.userId === null && row.sessionId === owner.sessionId;
}

/** Seed 7: identify only for an account whose profile has that e-mail (compared case-insensitively). */
export function mayIdentify(user: { status: string | null; email: string | null }, email: string): boolean {
  return user.status !== "session" && !!user.email && user.email.trim().toLowerCase() === email.trim().toLowerCase();
}
