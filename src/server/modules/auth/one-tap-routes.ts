import { timingSafeEqual } from "node:crypto";
import { ZTokens } from "../../../domain/api-replies";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../domain/errors";
import { ONE_TAP_CSRF_COOKIE } from "../../../domain/providers";
import { type OneTapVerifier, OneTapTokenError } from "../../platform/auth/one-tap";
import { setAuthCookies } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import { RATE_LIMITS, rateLimit } from "../../platform/rate-limit";
import type { AuthService } from "./service";
import { ZText } from "../../../domain/validation/safe-text";

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Google One Tap (seed 001 §4, §7 "login with One Tap"): the browser posts the credential (an ID
 * token) with g_csrf_token, which must equal the g_csrf_token cookie (double submit). The account
 * is keyed by the token's `sub`, the same identity the Google redirect login uses.
 */
export const oneTapRoutes =
  ({ auth, verifier, windowMs }: { auth: AuthService; verifier?: OneTapVerifier; windowMs: number }): FastifyPluginAsyncZod =>
  async (app) => {
    // Google's own redirect mode posts a form; our client posts JSON. Only this plugin parses forms.
    app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    app.post(
      "/auth/one-tap",
      {
        config: rateLimit(RATE_LIMITS.login, windowMs),
        schema: {
          tags: ["auth"],
          operationId: "loginWithOneTap",
          summary: "Sign in with a Google One Tap credential",
          description: "Verifies a Google One Tap credential and signs its account in; rate limited.",
          body: z.object({ credential: ZText.min(1).max(8192), g_csrf_token: ZText.max(512).nullish() }),
          response: { 200: ZTokens, 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply, 429: ZErrorReply },
        },
      },
      async (req, reply) => {
        if (!verifier) throw new AppError("NOT_FOUND", "Google One Tap is not configured");
        const cookie = req.cookies[ONE_TAP_CSRF_COOKIE];
        const posted = req.body.g_csrf_token;
        if (!cookie || !posted || !sameSecret(cookie, posted)) throw new AppError("CSRF_MISMATCH", "g_csrf_token does not match its cookie");
        let profile;
        try {
          profile = await verifier.verify(req.body.credential);
        } catch (e) {
          if (e instanceof OneTapTokenError) {
            req.log.warn({ reason: e.message }, "One Tap credential refused");
            throw new AppError("ONE_TAP_INVALID", "The Google credential could not be verified");
          }
          throw e;
        }
        const tokens = await auth.signInWithIdentity("google", profile);
        setAuthCookies(req, reply, tokens);
        return tokens;
      },
    );
  };
