import { AppError } from "../../../../domain/errors";
import { type IssuedTokens, randomToken, tokenHash } from "../../../platform/auth/tokens";
import { completeSignIn, QUICK_TTL_MS, type AuthContext } from "./context";

/** Quick sign-in links (e-mails, messenger bots) carry a single-use token. */
export async function createQuickToken({ repo }: AuthContext, userId: string, ttlMs = QUICK_TTL_MS): Promise<string> {
  const token = randomToken();
  await repo.insertOneTime({ hash: tokenHash(token), kind: "quick", userId, expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** Signs in with a quick link's token (once). */
export async function exchangeQuickToken(ctx: AuthContext, token: string): Promise<IssuedTokens> {
  const used = await ctx.repo.consumeOneTime(tokenHash(token), "quick");
  if (!used) throw new AppError("QUICK_TOKEN_INVALID", "The sign-in link is invalid, expired or already used");
  const row = await ctx.users.findById(used.userId);
  if (!row) throw new AppError("QUICK_TOKEN_INVALID", "The account no longer exists");
  return completeSignIn(ctx, row, "quick");
}
