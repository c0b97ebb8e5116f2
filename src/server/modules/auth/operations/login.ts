import { AppError } from "../../../../domain/errors";
import { verifyPassword } from "../../../platform/auth/passwords";
import type { IssuedTokens } from "../../../platform/auth/tokens";
import { completeSignIn, type AuthContext } from "./context";

/** Same reply, and about the same time, for an unknown e-mail and a wrong password. */
export async function login(ctx: AuthContext, email: string, password: string): Promise<IssuedTokens> {
  const row = await ctx.users.findByEmail(email);
  const ok = await verifyPassword(row?.passwordHash, password);
  if (!row || !ok) throw new AppError("INVALID_CREDENTIALS", "Wrong e-mail or password");
  return completeSignIn(ctx, await ctx.users.upgradeToDisciple(row), "email");
}

/** Sign-in of an anonymous account by username and password. */
export async function loginAnonymous(ctx: AuthContext, username: string, password: string): Promise<IssuedTokens> {
  const row = await ctx.users.findByUsername(username);
  const ok = await verifyPassword(row?.passwordHash, password);
  if (!row || !ok) throw new AppError("INVALID_CREDENTIALS", "Wrong username or password");
  return completeSignIn(ctx, await ctx.users.upgradeToDisciple(row), "anonymous");
}
