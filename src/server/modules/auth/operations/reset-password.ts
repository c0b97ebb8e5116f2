import { AppError } from "../../../../domain/errors";
import type { TUser } from "../../../../domain/user";
import type { Db } from "../../../db/client";
import { hashPassword } from "../../../platform/auth/passwords";
import { randomToken, tokenHash } from "../../../platform/auth/tokens";
import { presentUser } from "../../users/service";
import { RESET_TTL_MS, type AuthContext } from "./context";

/** Creates a reset token for an account with a password; null (and nothing sent) otherwise. */
export async function createPasswordReset({ repo, users }: AuthContext, email: string): Promise<{ token: string; user: TUser } | null> {
  const row = await users.findByEmail(email);
  // The same work for a known and an unknown address, so the reply time does not tell them
  // apart: a token and its hash either way, and one write to the token table (for an unknown
  // address one that matches nothing, the hash being fresh and random).
  const token = randomToken();
  const hash = tokenHash(token);
  if (!row?.passwordHash) {
    await repo.consumeOneTime(hash, "password-reset");
    return null;
  }
  await repo.insertOneTime({ hash, kind: "password-reset", userId: row.id, expiresAt: new Date(Date.now() + RESET_TTL_MS) });
  return { token, user: presentUser(row) };
}

/**
 * A reset link for the account asked for by the back office (issue 16): any account with an address,
 * with or without a password yet (the link lets it set one). PERSON_NO_EMAIL without an address.
 * `within` runs in the token's transaction (its audit row and its letter, docs/decisions/0073): the
 * token, the audit and the queued letter commit together or not at all. It uses only `tx`.
 */
export async function createPasswordResetFor(
  { repo, users }: AuthContext,
  userId: string,
  within: (reset: { token: string; user: TUser }, tx: Db) => Promise<void>,
): Promise<void> {
  const row = await users.findById(userId);
  if (!row) throw new AppError("NOT_FOUND", `User ${userId} not found`);
  if (!row.email) throw new AppError("PERSON_NO_EMAIL", `User ${userId} has no e-mail address`);
  const token = randomToken();
  const reset = { token, user: presentUser(row) };
  await repo.insertOneTimeWith({ hash: tokenHash(token), kind: "password-reset", userId: row.id, expiresAt: new Date(Date.now() + RESET_TTL_MS) }, (tx) =>
    within(reset, tx),
  );
}

/** Sets the new password and ends every session of the account. */
export async function resetPassword({ repo, users, revocations }: AuthContext, token: string, password: string): Promise<void> {
  const used = await repo.consumeOneTime(tokenHash(token), "password-reset");
  if (!used) throw new AppError("RESET_TOKEN_INVALID", "The reset link is invalid, expired or already used");
  // The link reached the account's address, so the address is proven: an unverified account
  // someone registered with another's address is the mailbox owner's from here on.
  const row = await users.findById(used.userId);
  await users.update(used.userId, {
    passwordHash: await hashPassword(password),
    ...(row?.email && !row.emailVerifiedAt ? { emailVerifiedAt: new Date() } : {}),
  });
  await revocations.revoked(await repo.revokeAllOf(used.userId));
  // Other reset links sent earlier die with this one.
  await repo.spendAllOf(used.userId, "password-reset");
}
