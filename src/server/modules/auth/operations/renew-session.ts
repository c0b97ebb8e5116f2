import { AppError } from "../../../../domain/errors";
import { ACCESS_TTL_SECONDS, type AccessOnly, type IssuedTokens, REFRESH_TTL_MS, randomToken, tokenHash } from "../../../platform/auth/tokens";
import { refuseBlocked, type AuthContext } from "./context";

/**
 * Rotates a refresh token. Presenting a token that was already rotated away means it leaked:
 * the whole session ends. With `graceMs` (silent renewal of page and API requests only), a token
 * rotated that recently by a parallel request of the same browser gets a fresh access token for
 * its session instead, without a new refresh token.
 */
export async function renewSession(
  { repo, tokens, revocations, users }: AuthContext,
  refreshToken: string,
  opts: { graceMs?: number } = {},
): Promise<IssuedTokens | AccessOnly> {
  const hash = tokenHash(refreshToken);
  const now = Date.now();
  const live = (row: { revokedAt: Date | null; expiresAt: Date }) => !row.revokedAt && row.expiresAt.getTime() > now;
  // The token never outlives its session: checks that need no session read rely on that.
  const accessOnly = async (row: { id: string; userId: string; expiresAt: Date }): Promise<AccessOnly> => ({
    accessToken: await tokens.sign({ sub: row.userId, sid: row.id }, { notAfter: row.expiresAt }),
    userId: row.userId,
    expiresIn: ACCESS_TTL_SECONDS,
  });
  const session = await repo.findByRefreshHash(hash);
  if (!session) {
    const rotatedAway = await repo.findByPreviousHash(hash);
    if (rotatedAway && opts.graceMs && live(rotatedAway) && now - rotatedAway.rotatedAt.getTime() <= opts.graceMs) {
      return accessOnly(rotatedAway);
    }
    if (rotatedAway) await revocations.revoked(await repo.revoke(rotatedAway.id));
    throw new AppError("TOKEN_BAD", "Refresh token is not valid");
  }
  const owner = await users.findById(session.userId);
  if (owner) refuseBlocked(owner);
  if (!live(session)) throw new AppError("TOKEN_BAD", "Session has ended");
  const next = randomToken();
  if (!(await repo.rotate(session.id, hash, tokenHash(next), new Date(now + REFRESH_TTL_MS)))) {
    // A parallel request rotated it between our read and our write.
    if (opts.graceMs) return accessOnly(session);
    throw new AppError("TOKEN_BAD", "Refresh token was already used");
  }
  return {
    accessToken: await tokens.sign({ sub: session.userId, sid: session.id }),
    refreshToken: next,
    userId: session.userId,
    expiresIn: ACCESS_TTL_SECONDS,
  };
}

/** The refresh endpoint: strict rotation, any reuse ends the session. */
export async function refreshSession(ctx: AuthContext, refreshToken: string): Promise<IssuedTokens> {
  return (await renewSession(ctx, refreshToken)) as IssuedTokens;
}
