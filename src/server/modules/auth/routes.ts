import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZStateOk, ZTokens } from "../../../domain/api-replies";
import { z } from "zod";
import { AppError } from "../../../domain/errors";
import { ZAnonymousSignIn, ZAnonymousSignUp, ZForgotPassword, ZSignIn, ZSignUp } from "../../../domain/validation/forms";
import { ZPassword } from "../../../domain/validation/fields";
import { issuesOf } from "../../../domain/validation/messages";
import { buildRegistrationSchema, type TRegistrationField } from "../../../domain/validation/registration-fields";
import { clearAuthCookies, REFRESH_COOKIE, setAuthCookies } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import { guestSessionOf } from "../../platform/guest-session";
import { createWindowCounter, PER_ACCOUNT_LIMITS, RATE_LIMITS, rateLimit, type RateLimitStore } from "../../platform/rate-limit";
import { requireUser } from "../../platform/auth/request-auth";
import { isSignedIn } from "../../../domain/user";
import type { AuthService } from "./service";
import type { PasswordResetMail } from "./reset-mail";
import type { EmailVerifyMail } from "./verify-mail";
import { ZText } from "../../../domain/validation/safe-text";

const errors = { 400: ZErrorReply, 401: ZErrorReply, 409: ZErrorReply, 429: ZErrorReply };
/** Where the letter's language comes from: the page's address or the language itself. */
const ZLangHint = { website: ZText.max(2048).optional(), lang: ZText.min(2).max(8).optional() };

export interface AuthRoutesDeps {
  auth: AuthService;
  /** The portal's active registration fields for a language (seed 001 §3, §5). */
  registrationFields: (lang: string | undefined) => Promise<TRegistrationField[]>;
  resetMail: PasswordResetMail;
  verifyMail: EmailVerifyMail;
  environmentId: string;
  windowMs: number;
  /** The shared rate-limit counters (per-account limits). */
  limits: RateLimitStore;
}

export const authRoutes =
  ({ auth, resetMail, verifyMail, environmentId, windowMs, limits, registrationFields }: AuthRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const checkEnvironment = (id: string | undefined) => {
      if (id !== undefined && id !== environmentId) throw new AppError("VALIDATION", `Unknown environment ${id}`);
    };

    app.post(
      "/auth/session",
      {
        config: rateLimit(RATE_LIMITS.session, windowMs),
        schema: {
          tags: ["auth"],
          operationId: "createSession",
          summary: "Create an anonymous session (no payload)",
          description: "Creates an anonymous session user and sets its cookies.",
          response: { 200: ZTokens, ...errors },
        },
      },
      async (req, reply) => {
        const tokens = await auth.createSession();
        setAuthCookies(req, reply, tokens);
        return tokens;
      },
    );

    app.post(
      "/auth/register",
      {
        config: rateLimit(RATE_LIMITS.register, windowMs),
        schema: {
          tags: ["auth"],
          operationId: "registerWithEmail",
          summary: "Register with e-mail and password (role disciple)",
          description: "Creates an account by e-mail and password and signs it in; rate limited.",
          body: ZSignUp.extend({
            website: ZText.max(2048).optional(),
            environmentId: ZText.max(64).optional(),
            role: z.literal("disciple").optional(),
            /** The form's language: its registration fields decide what else is required. */
            lang: ZText.min(2).max(8).optional(),
          }),
          response: { 200: ZTokens, ...errors },
        },
      },
      async (req, reply) => {
        const { email, password, firstName, lastName, phone, age, additional, environmentId: env } = req.body;
        checkEnvironment(env);
        // The portal's own rules per field come on top of the fixed ones in the body schema.
        const checked = buildRegistrationSchema(await registrationFields(req.body.lang)).safeParse({
          email,
          password,
          firstName,
          lastName,
          phone,
          age,
          additional,
        });
        if (!checked.success) {
          const validationErrors = issuesOf(checked.error).map((i) => ({ path: i.path, message: i.key, ...(i.params ? { params: i.params } : {}) }));
          throw new AppError("VALIDATION", "Invalid body", { validationErrors });
        }
        const current = await req.auth();
        const extra = Object.fromEntries(Object.entries({ age, additional }).filter(([, v]) => v !== undefined)) as Record<string, string>;
        const tokens = await auth.register({ email, password, firstName, lastName, phone, extra }, current.kind === "user" ? current.user : undefined);
        setAuthCookies(req, reply, tokens);
        // The verification letter in the form's language. The account exists by now: a letter that
        // could not be queued is logged, and the signed-in learner can ask for it again.
        await verifyMail
          .prepare(req, { website: req.body.website, lang: req.body.lang })
          .then((send) => auth.startEmailVerification(tokens.userId, null, send))
          .catch((e: unknown) => req.log.error(e, "verification mail failed"));
        return tokens;
      },
    );

    app.post(
      "/auth/login",
      {
        config: rateLimit(RATE_LIMITS.login, windowMs),
        schema: {
          tags: ["auth"],
          operationId: "loginWithEmail",
          summary: "Sign in with e-mail and password",
          description: "Signs in with e-mail and password and sets the session cookies; rate limited.",
          body: ZSignIn,
          response: { 200: ZTokens, ...errors },
        },
      },
      async (req, reply) => {
        const tokens = await auth.login(req.body.email, req.body.password);
        setAuthCookies(req, reply, tokens);
        return tokens;
      },
    );

    app.post(
      "/auth/anonymous/register",
      {
        config: rateLimit(RATE_LIMITS.register, windowMs),
        schema: {
          tags: ["auth"],
          operationId: "registerAnonymousAccount",
          summary: "Create an anonymous username account",
          description: "Creates an account known only by a generated username and signs it in.",
          body: ZAnonymousSignUp,
          response: { 200: ZTokens, ...errors },
        },
      },
      async (req, reply) => {
        const current = await req.auth();
        const tokens = await auth.registerAnonymous(req.body.username, req.body.password, current.kind === "user" ? current.user : undefined);
        setAuthCookies(req, reply, tokens);
        return tokens;
      },
    );

    app.post(
      "/auth/anonymous/login",
      {
        config: rateLimit(RATE_LIMITS.login, windowMs),
        schema: {
          tags: ["auth"],
          operationId: "loginWithUsername",
          summary: "Sign in with an anonymous username",
          description: "Signs in to an anonymous account by its username and password; rate limited.",
          body: ZAnonymousSignIn,
          response: { 200: ZTokens, ...errors },
        },
      },
      async (req, reply) => {
        const tokens = await auth.loginAnonymous(req.body.username, req.body.password);
        setAuthCookies(req, reply, tokens);
        return tokens;
      },
    );

    app.post(
      "/auth/refresh",
      {
        config: rateLimit(RATE_LIMITS.refresh, windowMs),
        schema: {
          tags: ["auth"],
          operationId: "refreshTokens",
          summary: "Rotate the refresh token (body or cookie) for new tokens",
          description: "Exchanges a refresh token for a new access and refresh token pair.",
          // Fastify hands a missing body to the validator as null (a cookie-only refresh sends none).
          body: z.object({ refreshToken: ZText.min(1).max(200).optional() }).nullish(),
          response: { 200: ZTokens, ...errors },
        },
      },
      async (req, reply) => {
        const token = req.body?.refreshToken ?? req.cookies[REFRESH_COOKIE];
        if (!token) throw new AppError("TOKEN_BAD", "No refresh token");
        try {
          const tokens = await auth.refresh(token);
          setAuthCookies(req, reply, tokens);
          return tokens;
        } catch (e) {
          clearAuthCookies(req, reply);
          throw e;
        }
      },
    );

    app.post(
      "/auth/logout",
      {
        schema: {
          tags: ["auth"],
          operationId: "logout",
          summary: "Sign out: end the session on the server and drop the cookies",
          description: "Ends the current session; safe to call when already signed out.",
        },
      },
      async (req, reply) => {
        const current = await req.auth();
        if (current.kind === "user") await auth.logout(current.sessionId);
        clearAuthCookies(req, reply);
        return reply.status(204).send();
      },
    );

    app.post(
      "/auth/password/forgot",
      {
        config: rateLimit(RATE_LIMITS.forgotPassword, windowMs),
        schema: {
          tags: ["auth"],
          operationId: "requestPasswordReset",
          summary: "Send a password reset e-mail (same reply whether or not the address is known)",
          description: "Mails a password reset link; the reply never tells whether the address exists.",
          body: ZForgotPassword.extend({ website: ZText.max(2048).optional(), environmentId: ZText.max(64).optional() }),
          response: { 200: ZStateOk, ...errors },
        },
      },
      async (req) => {
        checkEnvironment(req.body.environmentId);
        const reset = await auth.createPasswordReset(req.body.email);
        // Sent after replying: waiting for SMTP only for known addresses would reveal them by timing.
        if (reset) {
          resetMail.send(req, reset, req.body.website).catch((e: unknown) => req.log.error(e, "password reset mail failed"));
        }
        return { state: "ok" as const };
      },
    );

    app.post(
      "/auth/password/reset",
      {
        config: rateLimit(RATE_LIMITS.resetPassword, windowMs),
        schema: {
          tags: ["auth"],
          operationId: "resetPassword",
          summary: "Set a new password with the token from the e-mail; ends every other session",
          description: "Sets a new password with a reset token from the letter.",
          body: z.object({ password: ZPassword, token: ZText.min(1).max(200) }),
          response: { 200: ZStateOk, ...errors },
        },
      },
      async (req, reply) => {
        await auth.resetPassword(req.body.token, req.body.password);
        clearAuthCookies(req, reply);
        return { state: "ok" as const };
      },
    );

    app.post(
      "/auth/email/verify",
      {
        config: rateLimit(RATE_LIMITS.verifyEmail, windowMs),
        schema: {
          tags: ["auth"],
          operationId: "verifyEmail",
          summary: "Open an e-mail verification link: the address becomes verified (or replaces the old one)",
          description: "Confirms an e-mail address with the token of a verification letter.",
          body: z.object({
            token: ZText.min(1)
              .max(200)
              .regex(/^[A-Za-z0-9_-]+$/),
          }),
          response: { 200: z.object({ state: z.literal("verified"), email: z.string() }), ...errors },
        },
      },
      async (req) => {
        const current = await req.auth();
        const signedInAs = current.kind === "user" && isSignedIn(current.user) ? current.user.id : undefined;
        // The browser opening the link: its guest results join the account with the address.
        const user = await auth.verifyEmail(req.body.token, signedInAs, guestSessionOf(req));
        return { state: "verified" as const, email: user.email! };
      },
    );

    const resendPerAccount = createWindowCounter(limits, { name: "verify-resend-account", max: PER_ACCOUNT_LIMITS.verifyResend, windowMs });
    app.post(
      "/auth/email/verify/resend",
      {
        config: { ...rateLimit(RATE_LIMITS.verifyResend, windowMs), auth: "user" },
        schema: {
          tags: ["auth"],
          operationId: "resendVerificationEmail",
          summary: "Send the verification letter again (pending new address, else the unverified one)",
          description: "Mails the verification link again to the signed-in user; rate limited.",
          // Fastify hands a missing body to the validator as null.
          body: z.object(ZLangHint).strict().nullish(),
          response: { 200: z.object({ state: z.literal("sent") }), ...errors },
        },
      },
      async (req) => {
        const { user } = await requireUser(req);
        await resendPerAccount.hit(user.id);
        const send = await verifyMail.prepare(req, { website: req.body?.website, lang: req.body?.lang });
        const sent = await auth.startEmailVerification(user.id, guestSessionOf(req), send);
        if (!sent) throw new AppError("EMAIL_ALREADY_VERIFIED", "There is no address waiting for verification");
        return { state: "sent" as const };
      },
    );

    app.post(
      "/auth/quick-token",
      {
        config: rateLimit(RATE_LIMITS.quickToken, windowMs),
        schema: {
          tags: ["auth"],
          operationId: "exchangeQuickToken",
          summary: "Exchange a single-use quick_token for tokens",
          description: "Signs in with a single-use token handed over by another Mentora client.",
          body: z.object({ token: ZText.min(1).max(200) }),
          response: { 200: ZTokens, ...errors },
        },
      },
      async (req, reply) => {
        clearAuthCookies(req, reply);
        const tokens = await auth.exchangeQuickToken(req.body.token);
        setAuthCookies(req, reply, tokens);
        return tokens;
      },
    );
  };
