import type { IssuedTokens } from "../../../platform/auth/tokens";
import { issueTokens, type AuthContext } from "./context";

/** An anonymous session user, created on demand with no payload (seed 001 §4 "Session"). */
export async function createSession(ctx: AuthContext): Promise<IssuedTokens> {
  const row = await ctx.users.create({ status: "session", roles: ["disciple"], links: [] });
  const linked = await ctx.users.update(row.id, { links: [`session|${row.id}`] });
  return issueTokens(ctx, linked, "session");
}
