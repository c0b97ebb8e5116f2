import { AppError } from "../../../../domain/errors";
import type { TUser } from "../../../../domain/user";
import { randomToken, tokenHash } from "../../../platform/auth/tokens";
import { presentUser } from "../../users/service";
import type { SendIn } from "../../../platform/mail";
import { EMAIL_VERIFY_TTL_MS, type AuthContext } from "./context";

/**
 * What to mail after an address was asked for: a verification link, or (the address already belongs
 * to another account) a notice to that address without any link. The requester's reply is the same.
 */
export type EmailVerificationLetter = { kind: "verify"; to: string; token: string; user: TUser } | { kind: "taken"; to: string; user: TUser };

/** Queues the letter; `into.tx` is its token's transaction (the letter reads nothing, docs/decisions/0073). */
export type SendVerification = (letter: EmailVerificationLetter, into?: SendIn) => Promise<void>;

/**
 * Mails a verification link for the address the account waits to prove: its pending new address,
 * else its own unverified one. The token and its queued letter are one transaction: never a link
 * without its letter or a letter whose link was rolled back. A pending address that another account
 * holds gets the "taken" notice instead of a link. Answers which letter went, null when there is
 * nothing to verify.
 */
export async function startEmailVerification(
  { repo, users }: AuthContext,
  userId: string,
  guestSession: string | null,
  send: SendVerification,
): Promise<EmailVerificationLetter["kind"] | null> {
  const row = await users.findById(userId);
  if (!row) return null;
  const address = row.pendingEmail ?? (row.email && !row.emailVerifiedAt ? row.email : null);
  if (!address) return null;
  if (address === row.pendingEmail) {
    const owner = await users.findByEmail(address);
    if (owner && owner.id !== row.id) {
      await send({ kind: "taken", to: address, user: presentUser(row) });
      return "taken";
    }
  }
  const token = randomToken();
  const letter = { kind: "verify" as const, to: address, token, user: presentUser(row) };
  await repo.insertOneTimeWith(
    { hash: tokenHash(token), kind: "email-verify", userId: row.id, email: address, guestSession, expiresAt: new Date(Date.now() + EMAIL_VERIFY_TTL_MS) },
    (tx) => send(letter, { tx }),
  );
  return "verify";
}

/**
 * A profile change of address: the new one waits as pendingEmail (the old one stays and signs in)
 * until its link is opened. Taken or free, the caller answers the same; only the letter differs.
 * Nothing is sent when the address is already the account's own and verified. `guestSession`: the
 * asking browser's, kept with the link.
 */
export async function requestEmailChange(ctx: AuthContext, userId: string, email: string, guestSession: string | null, send: SendVerification): Promise<void> {
  const { repo, users } = ctx;
  const row = await users.findById(userId);
  if (!row) throw new AppError("NOT_FOUND", `User ${userId} not found`);
  if (row.email === email) {
    if (row.pendingEmail) await users.update(row.id, { pendingEmail: null });
    await repo.spendAllOf(row.id, "email-verify");
    if (!row.emailVerifiedAt) await startEmailVerification(ctx, row.id, guestSession, send);
    return;
  }
  if (row.pendingEmail !== email) await users.update(row.id, { pendingEmail: email });
  await startEmailVerification(ctx, row.id, guestSession, send);
}

/**
 * Opens a verification link. The token names the account and the address it proves: the account's
 * own address becomes verified, or its pending address replaces the old one (unless another account
 * took it meanwhile: DUPLICATE_EMAIL, nothing changes). A token for an address the account no longer
 * waits for, a used, expired or unknown token, or one opened while signed in to another account
 * (`signedInAs`) is EMAIL_VERIFY_INVALID.
 *
 * The account now has an e-mail without a new sign-in: the guest sessions of the browser that asked
 * for the address and of the one opening the link (`guestSession`) are told to `emailAdded`, whose
 * results then join the account (seed 000 §7 identify).
 */
export async function verifyEmail(
  { repo, users, emailAdded }: AuthContext,
  token: string,
  signedInAs?: string,
  guestSession: string | null = null,
): Promise<TUser> {
  const invalid = () => new AppError("EMAIL_VERIFY_INVALID", "The verification link is invalid, expired or already used");
  const found = await repo.findOneTime(tokenHash(token), "email-verify");
  if (!found?.email) throw invalid();
  // Opened while signed in to another account: not spent, nothing changes (sign out, or open it elsewhere).
  if (signedInAs && signedInAs !== found.userId) throw new AppError("EMAIL_VERIFY_INVALID", "The verification link belongs to another account");
  const row = await users.findById(found.userId);
  if (!row) throw invalid();
  const address = found.email;
  if (address !== row.email && address !== row.pendingEmail) throw invalid();
  if (address === row.pendingEmail && address !== row.email) {
    const owner = await users.findByEmail(address);
    if (owner && owner.id !== row.id) throw new AppError("DUPLICATE_EMAIL", "The address now belongs to another account");
  }
  // Spent before anything changes: of two racing requests only one goes on.
  if (!(await repo.consumeOneTime(tokenHash(token), "email-verify"))) throw invalid();
  const links = row.email && address !== row.email ? row.links.map((l) => (l === `email|${row.email}` ? `email|${address}` : l)) : row.links;
  const updated = await users.update(row.id, {
    email: address,
    pendingEmail: row.pendingEmail === address ? null : row.pendingEmail,
    emailVerifiedAt: new Date(),
    links,
  });
  await repo.spendAllOf(row.id, "email-verify");
  const sessions = [...new Set([found.guestSession, guestSession].filter((s): s is string => !!s))];
  await emailAdded.notify(updated.id, address, sessions);
  return presentUser(updated);
}
