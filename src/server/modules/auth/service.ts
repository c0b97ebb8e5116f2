import type { TUser } from "../../../domain/user";
import type { IdentityProfile } from "../../platform/auth/oidc";
import type { AccessTokens } from "../../platform/auth/tokens";
import type { Bus } from "../../platform/bus";
import type { UsersService } from "../users/service";
import { authenticate, logout } from "./operations/authenticate";
import type { AuthContext, EmailAdded, GuestAttached, IdentityProvider } from "./operations/context";
import { createSession } from "./operations/create-session";
import { login, loginAnonymous } from "./operations/login";
import { startLoginFlow, takeLoginFlow, type LoginFlow } from "./operations/login-flow";
import { createQuickToken, exchangeQuickToken } from "./operations/quick-token";
import { register, registerAnonymous, type RegisterInput } from "./operations/register";
import { refreshSession, renewSession } from "./operations/renew-session";
import { createPasswordReset, createPasswordResetFor, resetPassword } from "./operations/reset-password";
import { linkIdentity, signInWithIdentity } from "./operations/sign-in-with-identity";
import { requestEmailChange, type SendVerification as Send, startEmailVerification, verifyEmail } from "./operations/verify-email";
import type { AuthRepo } from "./repo";
import { createRevocations } from "./revocations";

/** Sends a verification letter (modules/auth/verify-mail.ts), named here for the module's other files. */
export type SendVerification = Send;

/**
 * Identity: sessions and tokens, registration and sign-in (password, anonymous, providers, quick
 * links), e-mail verification and password reset. Each operation lives in operations/<verb-noun>.ts;
 * this composes them into the object the routes, SSR and other modules use.
 */
export function createAuthService(deps: {
  repo: AuthRepo;
  users: UsersService;
  tokens: AccessTokens;
  bus: Pick<Bus, "publish" | "subscribe" | "onLost" | "onResync">;
}) {
  const revocations = createRevocations({ repo: deps.repo, bus: deps.bus });
  const ctx: AuthContext = {
    repo: deps.repo,
    users: deps.users,
    tokens: deps.tokens,
    revocations,
    guestAttached: { notify: async () => undefined },
    emailAdded: { notify: async () => undefined },
  };
  return {
    /** Where a guest's data is attached to an account (registration from a session), other modules hook in. */
    onGuestAttached(fn: GuestAttached) {
      ctx.guestAttached.notify = fn;
    },
    /** Where an account gains a verified e-mail without signing in (the link of a profile change), other modules hook in. */
    onEmailAdded(fn: EmailAdded) {
      ctx.emailAdded.notify = fn;
    },
    /** Loads the recent session revocations (docs/decisions/0029); until then sessions are checked in the database. */
    start: () => revocations.start(),
    createSession: () => createSession(ctx),
    register: (input: RegisterInput, current?: TUser) => register(ctx, input, current),
    registerAnonymous: (username: string, password: string, current?: TUser) => registerAnonymous(ctx, username, password, current),
    login: (email: string, password: string) => login(ctx, email, password),
    loginAnonymous: (username: string, password: string) => loginAnonymous(ctx, username, password),
    /** `guestSession`: the asking browser's guest session (its cookie), kept with the link. */
    startEmailVerification: (userId: string, guestSession: string | null, send: Send) => startEmailVerification(ctx, userId, guestSession, send),
    requestEmailChange: (userId: string, email: string, guestSession: string | null, send: Send) => requestEmailChange(ctx, userId, email, guestSession, send),
    verifyEmail: (token: string, signedInAs?: string, guestSession?: string | null) => verifyEmail(ctx, token, signedInAs, guestSession ?? null),
    renew: (refreshToken: string, opts: { graceMs?: number } = {}) => renewSession(ctx, refreshToken, opts),
    refresh: (refreshToken: string) => refreshSession(ctx, refreshToken),
    signInWithIdentity: (provider: IdentityProvider, profile: IdentityProfile) => signInWithIdentity(ctx, provider, profile),
    linkIdentity: (userId: string, provider: IdentityProvider, profile: IdentityProfile) => linkIdentity(ctx, userId, provider, profile),
    startLoginFlow: (flow: LoginFlow) => startLoginFlow(ctx, flow),
    takeLoginFlow: (state: string) => takeLoginFlow(ctx, state),
    logout: (sessionId: string) => logout(ctx, sessionId),
    authenticate: (accessToken: string | undefined) => authenticate(ctx, accessToken),
    createPasswordReset: (email: string) => createPasswordReset(ctx, email),
    /** A reset link for an account the back office names (issue 16); the caller mails it. */
    createPasswordResetFor: (userId: string, within: Parameters<typeof createPasswordResetFor>[2]) => createPasswordResetFor(ctx, userId, within),
    /** Ends every session of an account (blocked by the back office): refused here at once, on every instance once it hears. */
    async endAllSessions(userId: string): Promise<number> {
      const ended = await deps.repo.revokeAllOf(userId);
      await revocations.revoked(ended);
      return ended.length;
    },
    /** The provider accounts an account signs in with (provider, subject, e-mail; never a secret). */
    identitiesOf: (userId: string) => deps.repo.identitiesOf(userId),
    resetPassword: (token: string, password: string) => resetPassword(ctx, token, password),
    createQuickToken: (userId: string, ttlMs?: number) => createQuickToken(ctx, userId, ttlMs),
    exchangeQuickToken: (token: string) => exchangeQuickToken(ctx, token),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
