import type { Auth } from "../../../../domain/learning-access";
import { presentUser } from "../../users/service";
import type { AuthContext } from "./context";

/** Resolves an access token to its user; a revoked session or foreign token is a bad token. */
export async function authenticate({ repo, users, tokens }: AuthContext, accessToken: string | undefined): Promise<Auth> {
  if (!accessToken) return { kind: "guest" };
  const claims = await tokens.verify(accessToken);
  if (!claims) return { kind: "bad-token" };
  const session = await repo.findSession(claims.sid);
  if (!session || session.revokedAt || session.userId !== claims.sub || session.expiresAt.getTime() <= Date.now()) {
    return { kind: "bad-token" };
  }
  const row = await users.findById(claims.sub);
  if (!row) return { kind: "bad-token" };
  return { kind: "user", user: presentUser(row), sessionId: session.id };
}

/** Ends one session (sign-out). */
export async function logout({ repo }: AuthContext, sessionId: string): Promise<void> {
  await repo.revoke(sessionId);
}
