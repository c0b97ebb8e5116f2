import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError, isAppError } from "../../../domain/errors";
import { isLoopbackHost } from "../loopback";
import type { Auth } from "../../../domain/learning-access";
import type { AccessOnly, IssuedTokens } from "./tokens";

/** What request authentication needs from the identity service (modules/auth provides it). */
export interface RequestAuthenticator {
  /** Who holds this access token: a user, a guest (no token) or a bad token. */
  authenticate(accessToken: string | undefined): Promise<Auth>;
  /** Rotates a refresh token; throws an AppError when it is not valid. */
  renew(refreshToken: string, opts: { graceMs?: number }): Promise<IssuedTokens | AccessOnly>;
}

export const ACCESS_COOKIE = "apollo-token";
export const REFRESH_COOKIE = "apollo-refresh";
const ACCESS_COOKIE_MAX_AGE = 7 * 24 * 60 * 60;
const REFRESH_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

declare module "fastify" {
  interface FastifyRequest {
    /** Who is asking; resolved once per request, and only when somebody asks. */
    auth: () => Promise<Auth>;
    /** Set when this request signed somebody in (not on a silent renewal): arrival data is copied then. */
    signedInUserId?: string;
  }
}

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  return h?.startsWith("Bearer ") ? h.slice(7).trim() || undefined : undefined;
}

/** Cookies are Secure everywhere but on localhost (seed/architecture: "Secure outside localhost"). */
function isSecure(req: FastifyRequest): boolean {
  return !isLoopbackHost(req.hostname);
}

/** Parallel requests of one browser may all carry the refresh token one of them rotates. */
const SILENT_RENEWAL_GRACE_MS = 10_000;

export function setAuthCookies(req: FastifyRequest, reply: FastifyReply, tokens: IssuedTokens | AccessOnly, { renewal = false } = {}) {
  if (!renewal) req.signedInUserId = tokens.userId;
  const base = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: isSecure(req) };
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...base, maxAge: ACCESS_COOKIE_MAX_AGE });
  if (tokens.refreshToken) reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, { ...base, maxAge: REFRESH_COOKIE_MAX_AGE });
}

export function clearAuthCookies(req: FastifyRequest, reply: FastifyReply) {
  const base = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: isSecure(req) };
  reply.clearCookie(ACCESS_COOKIE, base);
  reply.clearCookie(REFRESH_COOKIE, base);
}

/**
 * Lazily resolves `req.auth()`: the bearer header or the apollo-token cookie; when the access token
 * has expired, the refresh cookie rotates silently so page loads keep the visitor signed in.
 */
export function installRequestAuth(app: FastifyInstance, auth: RequestAuthenticator) {
  app.decorateRequest("auth", null as unknown as () => Promise<Auth>);
  app.addHook("onRequest", (req, reply, done) => {
    let memo: Promise<Auth> | undefined;
    req.auth = () => (memo ??= resolve(req, reply));
    done();
  });

  async function resolve(req: FastifyRequest, reply: FastifyReply): Promise<Auth> {
    const fromHeader = bearer(req);
    const token = fromHeader ?? req.cookies[ACCESS_COOKIE];
    const first = await auth.authenticate(token);
    if (first.kind === "user" || fromHeader) return first;
    const refresh = req.cookies[REFRESH_COOKIE];
    if (refresh) {
      try {
        const tokens = await auth.renew(refresh, { graceMs: SILENT_RENEWAL_GRACE_MS });
        setAuthCookies(req, reply, tokens, { renewal: true });
        const again = await auth.authenticate(tokens.accessToken);
        if (again.kind === "user") return again;
      } catch (e) {
        if (!isAppError(e)) throw e;
      }
    }
    if (token || refresh) clearAuthCookies(req, reply);
    return token ? { kind: "bad-token" } : { kind: "guest" };
  }
}

/**
 * The signed-in (or session) user of an area a guest is shown the sign-in door for: TOKEN-BAD (401)
 * for a bad token, REGISTRATION-REQUIRED (403) for a guest, with `why` as the log message.
 */
export async function requireSignedIn(req: FastifyRequest, why: string) {
  const a = await req.auth();
  if (a.kind === "bad-token") throw new AppError("TOKEN_BAD", "The access token is not valid");
  if (a.kind === "guest") throw new AppError("REGISTRATION_REQUIRED", why);
  return a.user;
}

/** The signed-in (or session) user, or the seed's 401: TOKEN-BAD for a bad token, else UNAUTHORIZED. */
export async function requireUser(req: FastifyRequest) {
  const a = await req.auth();
  if (a.kind === "user") return a;
  if (a.kind === "bad-token") throw new AppError("TOKEN_BAD", "The access token is not valid");
  throw new AppError("UNAUTHORIZED", "Sign in to continue");
}
