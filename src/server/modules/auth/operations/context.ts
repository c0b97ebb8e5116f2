import { AppError } from "../../../../domain/errors";
import { randomUUID } from "node:crypto";
import type { Messenger } from "../../../../domain/messengers";
import type { LoginMethod, TUser } from "../../../../domain/user";
import { ACCESS_TTL_SECONDS, type AccessTokens, type IssuedTokens, REFRESH_TTL_MS, randomToken, tokenHash } from "../../../platform/auth/tokens";
import type { UserRecord, UsersService } from "../../users/service";
import type { AuthRepo } from "../repo";
import type { Revocations } from "../revocations";

/** What the identity operations work with. */
export interface AuthContext {
  repo: AuthRepo;
  users: UsersService;
  tokens: AccessTokens;
  /** Which sessions ended, in memory; every revocation goes through it (docs/decisions/0029). */
  revocations: Revocations;
  /** Told when a guest's session user became an account (its results get the account's e-mail). */
  guestAttached: { notify: GuestAttached };
  /** Told when an account gained a verified e-mail without a new sign-in (its guest results join it). */
  emailAdded: { notify: EmailAdded };
}

/** What other modules do when a guest's data becomes an account's (set through the auth service). */
export type GuestAttached = (userId: string, email: string | null) => Promise<void>;

/**
 * What other modules do when an account's address is verified (seed 000 §7 identify "when the learner
 * adds an e-mail"): `guestSessions` are the browsers' guest sessions to attach, the one that asked for
 * the address and the one that opened the link.
 */
export type EmailAdded = (userId: string, email: string, guestSessions: string[]) => Promise<void>;

/** Identity providers accounts are keyed by (provider + the provider's user id). */
export type IdentityProvider = "google" | "facebook" | Messenger;

export const RESET_TTL_MS = 60 * 60 * 1000;
export const QUICK_TTL_MS = 15 * 60 * 1000;
/** E-mail verification links live a day (docs/decisions/0012). */
export const EMAIL_VERIFY_TTL_MS = 24 * 60 * 60 * 1000;

/** A new session for the account: a refresh token stored hashed, and a signed access token. */
export async function issueTokens({ repo, tokens }: AuthContext, user: UserRecord, method: LoginMethod): Promise<IssuedTokens> {
  const refreshToken = randomToken();
  const sessionId = `ses-${randomUUID()}`;
  await repo.insertSession({
    id: sessionId,
    userId: user.id,
    refreshHash: tokenHash(refreshToken),
    method,
    expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
  });
  return { accessToken: await tokens.sign({ sub: user.id, sid: sessionId }), refreshToken, userId: user.id, expiresIn: ACCESS_TTL_SECONDS };
}

/** Every sign-in path and every renewal ends here for a blocked account (issue 16). */
export function refuseBlocked(user: Pick<UserRecord, "id" | "blockedAt">): void {
  if (user.blockedAt) throw new AppError("ACCOUNT_BLOCKED", `Account ${user.id} is blocked`);
}

/** After any sign-in: the portal's deletion mark goes (seed 001 §4) and the learner is on the portal. */
export async function completeSignIn(ctx: AuthContext, user: UserRecord, method: LoginMethod): Promise<IssuedTokens> {
  refuseBlocked(user);
  await ctx.users.removeDeletion(user.id);
  await ctx.users.registerDisciple(user.id);
  await ctx.users.ensureProgress(user.id);
  return issueTokens(ctx, user, method);
}

/**
 * A new registered account, or the visitor's session user turned into one: it keeps its id and so
 * its progress, and the anonymous session's tokens end (new session id at sign-up).
 */
export async function createOrConvertAccount(
  { repo, users, revocations, guestAttached }: AuthContext,
  current: TUser | undefined,
  fields: Partial<UserRecord>,
  link: string,
  /** What the loser of two sign-ups racing for one session hears: the address or name is taken now. */
  taken: AppError,
): Promise<UserRecord> {
  if (current?.status !== "session") return users.create({ ...fields, status: "active", roles: ["disciple"], links: [link] });
  const existing = await users.findById(current.id);
  const links = existing?.links.includes(link) ? existing.links : [...(existing?.links ?? []), link];
  // Only while it still is a session: of two sign-ups sent at once, the second finds it registered.
  const row = await users.convertSession(current.id, { ...fields, roles: ["disciple"], links });
  if (!row) throw taken;
  await revocations.revoked(await repo.revokeAllOf(current.id));
  await guestAttached.notify(row.id, row.email ?? null);
  return row;
}
