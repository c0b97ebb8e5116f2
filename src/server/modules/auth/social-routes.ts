import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, isAppError } from "../../../domain/errors";
import { portalLang } from "../../../domain/locale";
import { isSafeReturnPath } from "../../../domain/validation/return-path";
import { isSignedIn } from "../../../domain/user";
import type { FacebookLogin } from "../../platform/auth/facebook";
import type { OidcProviders } from "../../platform/auth/oidc";
import { setAuthCookies } from "../../platform/auth/request-auth";
import { verifyTelegramLogin } from "../../platform/auth/telegram";
import type { RequestHost } from "../../platform/public-origin";
import type { AuthService } from "./service";
import { toLocation } from "../../../domain/validation/location";
import { ZText } from "../../../domain/validation/safe-text";

const FLOW_TTL_MS = 10 * 60 * 1000;

export interface SocialRoutesDeps {
  telegramBotToken?: string;
  auth: AuthService;
  providers: OidcProviders;
  /** Facebook Login, when FACEBOOK_APP_ID and FACEBOOK_APP_SECRET are set. */
  facebook?: FacebookLogin;
  publicOrigin: (req: RequestHost) => string;
  portalLangs: () => Promise<{ langs: string[]; primaryLang: string }>;
}

/** Adds `login=<value>` to a same-origin path, keeping its query and hash. */
function withLoginFlag(path: string, value: string): string {
  const url = new URL(path, "http://x");
  url.searchParams.set("login", value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Redirect logins (seed 001 §2): /auth/google and /auth/facebook take quick_link (a same-origin
 * return address) and lang, and send the browser to the provider with a one-time state (Google
 * also with PKCE and a nonce); /callback/ completes the login and returns to quick_link.
 */
export const socialRoutes =
  ({ auth, providers, facebook, publicOrigin, portalLangs, telegramBotToken }: SocialRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/auth/:provider",
      {
        schema: {
          tags: ["auth"],
          hide: true,
          summary: "Start a redirect login at an identity provider",
          params: z.object({ provider: z.enum(["google", "facebook"]) }),
          querystring: z.object({ quick_link: ZText.max(2048).optional(), lang: ZText.max(8).optional() }),
        },
      },
      async (req, reply) => {
        const provider = req.params.provider === "google" ? providers.get("google") : facebook;
        if (!provider) throw new AppError("NOT_FOUND", `${req.params.provider} sign-in is not configured`);
        const { langs, primaryLang } = await portalLangs();
        const lang = portalLang(req.query.lang, langs, primaryLang);
        const returnTo = req.query.quick_link ?? `/${lang}/`;
        if (!isSafeReturnPath(returnTo)) throw new AppError("ERR_REDIRECT", "quick_link must be a path on this site");
        const redirectUri = `${publicOrigin(req)}/callback/`;
        const state = providers.randomState();
        const expiresAt = new Date(Date.now() + FLOW_TTL_MS);
        if (provider.id === "facebook") {
          // Facebook's classic code flow has no PKCE or nonce: the app secret and /debug_token stand in.
          await auth.startLoginFlow({ state, provider: "facebook", codeVerifier: "", nonce: "", returnTo, redirectUri, expiresAt });
          return reply.redirect(toLocation(provider.authorizationUrl({ redirectUri, state }).toString()), 302);
        }
        const nonce = providers.randomNonce();
        const codeVerifier = providers.randomPKCECodeVerifier();
        await auth.startLoginFlow({ state, provider: provider.id, codeVerifier, nonce, returnTo, redirectUri, expiresAt });
        const url = await providers.authorizationUrl(provider, {
          redirectUri,
          state,
          nonce,
          codeChallenge: await providers.calculatePKCECodeChallenge(codeVerifier),
        });
        return reply.redirect(toLocation(url.toString()), 302);
      },
    );

    const callback = async (req: FastifyRequest, reply: FastifyReply) => {
      // Only the query is read: the base never reaches a link (and a hostile Host cannot break parsing).
      const url = new URL(req.url, "http://callback.invalid");
      const state = url.searchParams.get("state");
      const flow = state ? await auth.takeLoginFlow(state) : null;
      if (!flow) return reply.redirect(toLocation(withLoginFlag(`/${(await portalLangs()).primaryLang}/`, "failed")), 302);
      try {
        let profile: Awaited<ReturnType<OidcProviders["complete"]>>;
        if (flow.provider === "facebook") {
          if (!facebook) throw new Error("Facebook is no longer configured");
          const code = url.searchParams.get("code");
          if (!code) throw new Error(`Facebook returned no code (${url.searchParams.get("error") ?? "no error given"})`);
          profile = await facebook.complete({ code, redirectUri: flow.redirectUri });
        } else {
          const provider = providers.get(flow.provider);
          if (!provider) throw new Error(`Provider ${flow.provider} is no longer configured`);
          profile = await providers.complete(provider, url, {
            state: flow.state,
            nonce: flow.nonce,
            codeVerifier: flow.codeVerifier,
            redirectUri: flow.redirectUri,
          });
        }
        const tokens = await auth.signInWithIdentity(flow.provider === "facebook" ? "facebook" : "google", profile);
        setAuthCookies(req, reply, tokens);
        return reply.redirect(toLocation(flow.returnTo), 302);
      } catch (e) {
        req.log.warn({ err: e }, "redirect login failed");
        // An account holds the provider's address unverified: the popup asks to verify it first.
        return reply.redirect(toLocation(withLoginFlag(flow.returnTo, isAppError(e, "EMAIL_UNVERIFIED_ACCOUNT") ? "unverified" : "failed")), 302);
      }
    };
    /**
     * Telegram Login Widget return: the widget appends the signed user fields to our auth URL; our
     * own quick_link and lang ride along and are not part of the signed data.
     */
    app.get(
      "/connect/telegram/callback",
      { schema: { tags: ["auth"], hide: true, summary: "Complete a Telegram login (widget fields with their hash)", querystring: z.record(ZText, ZText) } },
      async (req, reply) => {
        const { quick_link, lang, ...fields } = req.query;
        const { primaryLang } = await portalLangs();
        const returnTo = quick_link ?? `/${primaryLang}/`;
        if (!isSafeReturnPath(returnTo)) throw new AppError("ERR_REDIRECT", "quick_link must be a path on this site");
        if (!telegramBotToken) throw new AppError("NOT_FOUND", "Telegram sign-in is not configured");
        const login = verifyTelegramLogin(fields, telegramBotToken);
        if (!login) return reply.redirect(toLocation(withLoginFlag(returnTo, "failed")), 302);
        const profile = { subject: login.id, email: null, emailVerified: false, givenName: login.firstName ?? login.username, familyName: login.lastName };
        // A signed-in learner connecting Telegram (messengers-login-hs) keeps the account they are in.
        const current = await req.auth();
        if (current.kind === "user" && isSignedIn(current.user)) {
          await auth.linkIdentity(current.user.id, "telegram", profile);
          return reply.redirect(toLocation(returnTo), 302);
        }
        setAuthCookies(req, reply, await auth.signInWithIdentity("telegram", profile));
        return reply.redirect(toLocation(returnTo), 302);
      },
    );

    app.get("/callback/", { schema: { hide: true } }, callback);
    app.get("/callback", { schema: { hide: true } }, callback);
  };
