import { randomUUID } from "node:crypto";
import { AppError } from "../../../domain/errors";
import type { Messenger } from "../../../domain/messengers";
import type { LoginMethod, TUser } from "../../../domain/user";
import { hashPassword, verifyPassword } from "../../platform/auth/passwords";
import { ACCESS_TTL_SECONDS, type AccessOnly, type AccessTokens, type IssuedTokens, REFRESH_TTL_MS, randomToken, tokenHash } from "../../platform/auth/tokens";
import type { Auth } from "../../../domain/learning-access";
import type { UserRow } from "../users/repo";
import { presentUser, type UsersService } from "../users/service";
import type { AuthRepo } from "./repo";

export interface RegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName?: string;
  phone?: string;
  extra?: Record<string, string>;
}

/** Identity providers accounts are keyed by (provider + the provider's user id). */
export type IdentityProvider = "google" | "facebook" | Messenger;

export interface IdentityProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

export const RESET_TTL_MS = 60 * 60 * 1000;
export const QUICK_TTL_MS = 15 * 60 * 1000;
/** E-mail verification links live a day (docs/decisions/0012). */
export const EMAIL_VERIFY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * What to mail after an address was asked for: a verification link, or (the address already belongs
 * to another account) a notice to that address without any link. The requester's reply is the same.
 */
export type EmailVerificationLetter =
  | { kind: "verify"; to: string; token: string; user: TUser }
  | { kind: "taken"; to: string; user: TUser };

export function createAuthService(deps: { repo: AuthRepo; users: UsersService; tokens: AccessTokens }) {
  const { repo, users, tokens } = deps;

  async function issue(user: UserRow, method: LoginMethod): Promise<IssuedTokens> {
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

  /** After any sign-in: the portal's deletion mark goes (seed 001 §4) and the learner is on the portal. */
  async function afterSignIn(user: UserRow, method: LoginMethod): Promise<IssuedTokens> {
    await users.removeDeletion(user.id);
    await users.registerDisciple(user.id);
    await users.ensureProgress(user.id);
    return issue(user, method);
  }

  /**
   * A new registered account, or the visitor's session user turned into one: it keeps its id and so
   * its progress, and the anonymous session's tokens end (new session id at sign-up).
   */
  async function createOrConvert(current: TUser | undefined, fields: Partial<UserRow>, link: string): Promise<UserRow> {
    if (current?.status !== "session") return users.create({ ...fields, status: "active", roles: ["disciple"], links: [link] });
    const existing = await users.repo.findById(current.id);
    const links = existing?.links.includes(link) ? existing.links : [...(existing?.links ?? []), link];
    const row = await users.update(current.id, { ...fields, roles: ["disciple"], links });
    await repo.revokeAllOf(current.id);
    return row;
  }

  return {
    /** An anonymous session user, created on demand with no payload (seed 001 §4 "Session"). */
    async createSession(): Promise<IssuedTokens> {
      const row = await users.create({ status: "session", roles: ["disciple"], links: [] });
      const linked = await users.update(row.id, { links: [`session|${row.id}`] });
      return issue(linked, "session");
    },

    /**
     * E-mail registration. A visitor who already has a session keeps its id (and so its progress):
     * the session user becomes the registered one.
     */
    async register(input: RegisterInput, current?: TUser): Promise<IssuedTokens> {
      if (await users.repo.findByEmail(input.email)) throw new AppError("DUPLICATE_EMAIL", "This e-mail is already registered");
      if (input.phone && (await users.repo.findByPhone(input.phone))) {
        throw new AppError("DUPLICATE_EMAIL_OR_PHONE", "This e-mail or phone is already registered");
      }
      const fields = {
        status: "active" as const,
        email: input.email,
        phone: input.phone ?? null,
        firstName: input.firstName,
        lastName: input.lastName ?? null,
        passwordHash: await hashPassword(input.password),
        registered: new Date(),
        extra: input.extra ?? {},
      };
      return afterSignIn(await createOrConvert(current, fields, `email|${input.email}`), "email");
    },

    /**
     * A verification link for the address the account waits to prove: its pending new address, else
     * its own unverified one. Null when there is nothing to verify. A pending address that another
     * account holds gets the "taken" notice instead of a link.
     */
    async startEmailVerification(userId: string): Promise<EmailVerificationLetter | null> {
      const row = await users.repo.findById(userId);
      if (!row) return null;
      const address = row.pendingEmail ?? (row.email && !row.emailVerifiedAt ? row.email : null);
      if (!address) return null;
      if (address === row.pendingEmail) {
        const owner = await users.repo.findByEmail(address);
        if (owner && owner.id !== row.id) return { kind: "taken", to: address, user: presentUser(row) };
      }
      const token = randomToken();
      await repo.insertOneTime({ hash: tokenHash(token), kind: "email-verify", userId: row.id, email: address, expiresAt: new Date(Date.now() + EMAIL_VERIFY_TTL_MS) });
      return { kind: "verify", to: address, token, user: presentUser(row) };
    },

    /**
     * A profile change of address: the new one waits as pendingEmail (the old one stays and signs in)
     * until its link is opened. Taken or free, the caller answers the same; only the letter differs.
     * Null when the address is already the account's own (nothing to send).
     */
    async requestEmailChange(userId: string, email: string): Promise<EmailVerificationLetter | null> {
      const row = await users.repo.findById(userId);
      if (!row) throw new AppError("NOT_FOUND", `User ${userId} not found`);
      if (row.email === email) {
        if (row.pendingEmail) await users.update(row.id, { pendingEmail: null });
        await repo.spendAllOf(row.id, "email-verify");
        return row.emailVerifiedAt ? null : this.startEmailVerification(row.id);
      }
      if (row.pendingEmail !== email) await users.update(row.id, { pendingEmail: email });
      return this.startEmailVerification(row.id);
    },

    /**
     * Opens a verification link. The token names the account and the address it proves: the account's
     * own address becomes verified, or its pending address replaces the old one (unless another account
     * took it meanwhile: DUPLICATE_EMAIL, nothing changes). A token for an address the account no longer
     * waits for, a used, expired or unknown token, or one opened while signed in to another account
     * (`signedInAs`) is EMAIL_VERIFY_INVALID.
     */
    async verifyEmail(token: string, signedInAs?: string): Promise<TUser> {
      const invalid = () => new AppError("EMAIL_VERIFY_INVALID", "The verification link is invalid, expired or already used");
      const found = await repo.findOneTime(tokenHash(token), "email-verify");
      if (!found?.email) throw invalid();
      // Opened while signed in to another account: not spent, nothing changes (sign out, or open it elsewhere).
      if (signedInAs && signedInAs !== found.userId) throw new AppError("EMAIL_VERIFY_INVALID", "The verification link belongs to another account");
      const row = await users.repo.findById(found.userId);
      if (!row) throw invalid();
      const address = found.email;
      if (address !== row.email && address !== row.pendingEmail) throw invalid();
      if (address === row.pendingEmail && address !== row.email) {
        const owner = await users.repo.findByEmail(address);
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
      return presentUser(updated);
    },

    /** Same reply, and about the same time, for an unknown e-mail and a wrong password. */
    async login(email: string, password: string): Promise<IssuedTokens> {
      const row = await users.repo.findByEmail(email);
      const ok = await verifyPassword(row?.passwordHash, password);
      if (!row || !ok) throw new AppError("INVALID_CREDENTIALS", "Wrong e-mail or password");
      return afterSignIn(await users.upgradeToDisciple(row), "email");
    },

    async registerAnonymous(username: string, password: string, current?: TUser): Promise<IssuedTokens> {
      if (await users.repo.findByUsername(username)) throw new AppError("DUPLICATE_USERNAME", "This username is taken");
      const fields = { status: "active" as const, username, passwordHash: await hashPassword(password), registered: new Date() };
      return afterSignIn(await createOrConvert(current, fields, `anonymous|${username}`), "anonymous");
    },

    async loginAnonymous(username: string, password: string): Promise<IssuedTokens> {
      const row = await users.repo.findByUsername(username);
      const ok = await verifyPassword(row?.passwordHash, password);
      if (!row || !ok) throw new AppError("INVALID_CREDENTIALS", "Wrong username or password");
      return afterSignIn(await users.upgradeToDisciple(row), "anonymous");
    },

    /**
     * Rotates a refresh token. Presenting a token that was already rotated away means it leaked:
     * the whole session ends. With `graceMs` (silent renewal of page and API requests only), a token
     * rotated that recently by a parallel request of the same browser gets a fresh access token for
     * its session instead, without a new refresh token.
     */
    async renew(refreshToken: string, opts: { graceMs?: number } = {}): Promise<IssuedTokens | AccessOnly> {
      const hash = tokenHash(refreshToken);
      const now = Date.now();
      const live = (row: { revokedAt: Date | null; expiresAt: Date }) => !row.revokedAt && row.expiresAt.getTime() > now;
      const accessOnly = async (row: { id: string; userId: string }): Promise<AccessOnly> => ({
        accessToken: await tokens.sign({ sub: row.userId, sid: row.id }),
        userId: row.userId,
        expiresIn: ACCESS_TTL_SECONDS,
      });
      const session = await repo.findByRefreshHash(hash);
      if (!session) {
        const rotatedAway = await repo.findByPreviousHash(hash);
        if (rotatedAway && opts.graceMs && live(rotatedAway) && now - rotatedAway.rotatedAt.getTime() <= opts.graceMs) {
          return accessOnly(rotatedAway);
        }
        if (rotatedAway) await repo.revoke(rotatedAway.id);
        throw new AppError("TOKEN_BAD", "Refresh token is not valid");
      }
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
    },

    /** The refresh endpoint: strict rotation, any reuse ends the session. */
    async refresh(refreshToken: string): Promise<IssuedTokens> {
      return (await this.renew(refreshToken)) as IssuedTokens;
    },

    /**
     * Sign-in through an identity provider: the account linked to provider+subject; else the account
     * with the same e-mail when the provider vouches for it (email_verified) AND that account proved
     * the address too; else a new one. An account holding the address unproven is never entered (it
     * may be someone else's trap, docs/decisions/0012): EMAIL_UNVERIFIED_ACCOUNT asks to verify first.
     */
    async signInWithIdentity(provider: IdentityProvider, profile: IdentityProfile): Promise<IssuedTokens> {
      const linked = await repo.findIdentity(provider, profile.subject);
      let row = linked ? await users.repo.findById(linked.userId) : null;
      const vouched = profile.email && profile.emailVerified ? profile.email : null;
      if (!row && vouched) {
        const holder = await users.repo.findByEmail(vouched);
        if (holder && !holder.emailVerifiedAt) {
          throw new AppError("EMAIL_UNVERIFIED_ACCOUNT", "An account holds this address without having verified it");
        }
        row = holder;
      }
      if (!row) {
        row = await users.create({
          status: "active",
          roles: ["disciple"],
          email: vouched,
          emailVerifiedAt: vouched ? new Date() : null,
          firstName: profile.givenName,
          lastName: profile.familyName,
          registered: new Date(),
          links: [],
        });
      }
      const link = `${provider}|${profile.subject}`;
      if (!row.links.includes(link)) row = await users.update(row.id, { links: [...row.links, link] });
      await repo.insertIdentity({ provider, subject: profile.subject, userId: row.id, email: profile.email });
      return afterSignIn(await users.upgradeToDisciple(row), provider);
    },

    /**
     * Adds a provider account to the account a signed-in learner is in (connecting a messenger).
     * A provider account already linked to somebody else stays theirs: IDENTITY_LINKED.
     */
    async linkIdentity(userId: string, provider: IdentityProvider, profile: IdentityProfile): Promise<void> {
      const linked = await repo.findIdentity(provider, profile.subject);
      if (linked && linked.userId !== userId) throw new AppError("IDENTITY_LINKED", `This ${provider} account belongs to another user`);
      const row = await users.repo.findById(userId);
      if (!row) throw new AppError("NOT_FOUND", "User id not found");
      const link = `${provider}|${profile.subject}`;
      if (!row.links.includes(link)) await users.update(row.id, { links: [...row.links, link] });
      await repo.insertIdentity({ provider, subject: profile.subject, userId, email: profile.email });
      // Two learners racing for one provider account: the table's key lets only one insert land.
      const owner = await repo.findIdentity(provider, profile.subject);
      if (owner && owner.userId !== userId) {
        await users.update(row.id, { links: row.links.filter((l) => l !== link) });
        throw new AppError("IDENTITY_LINKED", `This ${provider} account belongs to another user`);
      }
    },

    async logout(sessionId: string): Promise<void> {
      await repo.revoke(sessionId);
    },

    /** Resolves an access token to its user; a revoked session or foreign token is a bad token. */
    async authenticate(accessToken: string | undefined): Promise<Auth> {
      if (!accessToken) return { kind: "guest" };
      const claims = await tokens.verify(accessToken);
      if (!claims) return { kind: "bad-token" };
      const session = await repo.findSession(claims.sid);
      if (!session || session.revokedAt || session.userId !== claims.sub || session.expiresAt.getTime() <= Date.now()) {
        return { kind: "bad-token" };
      }
      const row = await users.repo.findById(claims.sub);
      if (!row) return { kind: "bad-token" };
      return { kind: "user", user: presentUser(row), sessionId: session.id };
    },

    /** Creates a reset token for an account with a password; null (and nothing sent) otherwise. */
    async createPasswordReset(email: string): Promise<{ token: string; user: TUser } | null> {
      const row = await users.repo.findByEmail(email);
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
    },

    /** Sets the new password and ends every session of the account. */
    async resetPassword(token: string, password: string): Promise<void> {
      const used = await repo.consumeOneTime(tokenHash(token), "password-reset");
      if (!used) throw new AppError("RESET_TOKEN_INVALID", "The reset link is invalid, expired or already used");
      // The link reached the account's address, so the address is proven: an unverified account
      // someone registered with another's address is the mailbox owner's from here on.
      const row = await users.repo.findById(used.userId);
      await users.update(used.userId, { passwordHash: await hashPassword(password), ...(row?.email && !row.emailVerifiedAt ? { emailVerifiedAt: new Date() } : {}) });
      await repo.revokeAllOf(used.userId);
      // Other reset links sent earlier die with this one.
      await repo.spendAllOf(used.userId, "password-reset");
    },

    /** Quick sign-in links (e-mails, messenger bots) carry a single-use token. */
    async createQuickToken(userId: string, ttlMs = QUICK_TTL_MS): Promise<string> {
      const token = randomToken();
      await repo.insertOneTime({ hash: tokenHash(token), kind: "quick", userId, expiresAt: new Date(Date.now() + ttlMs) });
      return token;
    },

    async exchangeQuickToken(token: string): Promise<IssuedTokens> {
      const used = await repo.consumeOneTime(tokenHash(token), "quick");
      if (!used) throw new AppError("QUICK_TOKEN_INVALID", "The sign-in link is invalid, expired or already used");
      const row = await users.repo.findById(used.userId);
      if (!row) throw new AppError("QUICK_TOKEN_INVALID", "The account no longer exists");
      return afterSignIn(row, "quick");
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
