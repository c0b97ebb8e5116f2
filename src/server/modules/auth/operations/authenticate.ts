import type { Auth } from "../../../../domain/learning-access";
import type { AccessClaims } from "../../../platform/auth/tokens";
import { presentUser } from "../../users/service";
import type { AuthContext } from "./context";

/**
 * Resolves an access token to its user; a revoked session or foreign token is a bad token.
 * Checked in memory (docs/decisions/0029): the signature and expiry (a token never outlives its
 * session), this instance's view of revoked sessions, and the account kept in memory. Only while
 * the view is out of step with the database (start, a lost bus) are the session and user read.
 */
export async function authenticate(ctx: AuthContext, accessToken: string | undefined): Promise<Auth> {
  if (!accessToken) return { kind: "guest" };
  const claims = await ctx.tokens.verify(accessToken);
  if (!claims) return { kind: "bad-token" };
  const state = ctx.revocations.state(claims.sid);
  if (state === "unknown") return fromDatabase(ctx, claims);
  if (state === "revoked") return { kind: "bad-token" };
  const user = await ctx.users.cached(claims.sub);
  if (!user) return { kind: "bad-token" };
  return { kind: "user", user, sessionId: claims.sid };
}

/** The session row and the account as stored: what every check read before decision 0029. */
async function fromDatabase({ repo, users }: AuthContext, claims: AccessClaims): Promise<Auth> {
  const session = await repo.findSession(claims.sid);
  if (!session || session.revokedAt || session.userId !== claims.sub || session.expiresAt.getTime() <= Date.now()) {
    return { kind: "bad-token" };
  }
  const row = await users.findById(claims.sub);
  if (!row || row.blockedAt) return { kind: "bad-token" };
  return { kind: "user", user: presentUser(row), sessionId: session.id };
}

/** Ends one session (sign-out): refused here at once, on every instance once it hears. */
export async function logout({ repo, revocations }: AuthContext, sessionId: string): Promise<void> {
  await revocations.revoked(await repo.revoke(sessionId));
}
