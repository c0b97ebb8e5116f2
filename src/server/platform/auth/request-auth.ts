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

/**
 * What a route declares about its caller (`config: { auth }`), checked in one place before the body is
 * parsed or validated (the per-route chain: rate limit, authenticate, validate, authorize):
 * - "user": a signed-in user or an anonymous session; a guest is 401 UNAUTHORIZED (requireUser).
 * - "signed-in": the same, but a guest is shown the sign-in door: 403 REGISTRATION-REQUIRED (requireSignedIn).
 * A bad token is 401 TOKEN-BAD for both. Routes that also serve guests declare nothing.
 */
export type RouteAuth = "user" | "signed-in";

/** A route that declared who may call it: what the contract test enumerates. */
export interface DeclaredAuthRoute {
  method: string;
  url: string;
  auth: RouteAuth;
}

declare module "fastify" {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyInstance {
    /** Every route registered with `config.auth`, in registration order (the route table's view of it). */
    readonly authRoutes: readonly DeclaredAuthRoute[];
  }
  interface FastifyRequest {
    /** Who is asking; resolved once per request, and only when somebody asks. */
    auth: () => Promise<Auth>;
    /** An API route that declared no `config.auth`: requireUser/requireSignedIn refuse to run there outside production. */
    authUndeclared: boolean;
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
export function installRequestAuth(app: FastifyInstance, auth: RequestAuthenticator, opts: { strictDeclarations: boolean }) {
  app.decorateRequest("auth", null as unknown as () => Promise<Auth>);
  app.decorateRequest("authUndeclared", false);
  app.addHook("onRequest", (req, reply, done) => {
    let memo: Promise<Auth> | undefined;
    req.auth = () => (memo ??= resolve(req, reply));
    if (opts.strictDeclarations && !req.routeOptions.config?.auth && req.routeOptions.url?.startsWith("/api/")) req.authUndeclared = true;
    done();
  });
  installDeclaredAuth(app);

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
 * Routes that declare `config.auth` authenticate in an onRequest hook of their own, added here for
 * every one of them: after the rate limit (@fastify/rate-limit adds its route hook in an earlier
 * onRoute hook, so it runs first) and before the body is read, the input guard or schema validation
 * run. So a guest's bad body is 401 (or 403 REGISTRATION-REQUIRED), never a 400 that lists the
 * fields; authorization stays in the services, after validation. Call before any route is registered.
 */
function installDeclaredAuth(app: FastifyInstance) {
  const declared: DeclaredAuthRoute[] = [];
  app.decorate("authRoutes", declared);
  app.addHook("onRoute", (route) => {
    const level = route.config?.auth;
    if (!level) return;
    for (const method of [route.method].flat()) if (method !== "HEAD") declared.push({ method, url: route.url, auth: level });
    const check = async (req: FastifyRequest) => {
      if (level === "user") await requireUser(req);
      else await requireSignedIn(req, "Sign in to continue");
    };
    route.onRequest = [...[route.onRequest ?? []].flat(), check];
  });
}

/**
 * The signed-in (or session) user of an area a guest is shown the sign-in door for: TOKEN-BAD (401)
 * for a bad token, REGISTRATION-REQUIRED (403) for a guest, with `why` as the log message.
 */
export async function requireSignedIn(req: FastifyRequest, why: string) {
  undeclared(req);
  const a = await req.auth();
  if (a.kind === "bad-token") throw new AppError("TOKEN_BAD", "The access token is not valid");
  if (a.kind === "guest") throw new AppError("REGISTRATION_REQUIRED", why);
  return a.user;
}

/** The signed-in (or session) user, or the seed's 401: TOKEN-BAD for a bad token, else UNAUTHORIZED. */
export async function requireUser(req: FastifyRequest) {
  undeclared(req);
  const a = await req.auth();
  if (a.kind === "user") return a;
  if (a.kind === "bad-token") throw new AppError("TOKEN_BAD", "The access token is not valid");
  throw new AppError("UNAUTHORIZED", "Sign in to continue");
}

/** Outside production, an API route that checks its caller without declaring it fails loudly (its tests catch it). */
function undeclared(req: FastifyRequest) {
  if (req.authUndeclared) throw new Error(`${req.method} ${req.routeOptions.url} calls requireUser/requireSignedIn without declaring config.auth`);
}
