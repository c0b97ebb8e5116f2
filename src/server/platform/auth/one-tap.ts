import { createRemoteJWKSet, errors, type JWTVerifyGetKey, jwtVerify } from "jose";
import { isLoopbackHost } from "../loopback";
import type { IdentityProfile } from "./oidc";

/** Google signs ID tokens with either spelling of its issuer. */
export const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];

export class OneTapTokenError extends Error {}

/**
 * Verifies a Google One Tap credential (an ID token): signed by a key of Google's published JWKS
 * with RS256 only (never `none`, never an HMAC algorithm a forger could sign with a public key),
 * `iss` Google, `aud` our client id, `exp` in the future. jose's remote key set fetches the JWKS
 * once, keeps it for its cooldown and refetches when a token names an unknown key.
 */
export function createOneTapVerifier(config: { clientId: string; jwksUrl: string; keys?: JWTVerifyGetKey }) {
  const url = new URL(config.jwksUrl);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) {
    throw new Error(`GOOGLE_JWKS_URL ${url.origin} must use https`);
  }
  const keys = config.keys ?? createRemoteJWKSet(url, { timeoutDuration: 5_000, cooldownDuration: 30_000, cacheMaxAge: 60 * 60 * 1000 });

  return {
    clientId: config.clientId,
    async verify(credential: string): Promise<IdentityProfile> {
      let payload;
      try {
        ({ payload } = await jwtVerify(credential, keys, {
          algorithms: ["RS256"],
          issuer: GOOGLE_ISSUERS,
          audience: config.clientId,
          requiredClaims: ["sub", "exp"],
        }));
      } catch (e) {
        if (e instanceof errors.JOSEError) throw new OneTapTokenError(`${(e as Error).name}: ${(e as Error).message}`);
        throw e;
      }
      if (typeof payload.sub !== "string" || !payload.sub) throw new OneTapTokenError("ID token without sub");
      return {
        subject: payload.sub,
        email: typeof payload.email === "string" ? payload.email.toLowerCase() : null,
        emailVerified: payload.email_verified === true,
        givenName: typeof payload.given_name === "string" ? payload.given_name : null,
        familyName: typeof payload.family_name === "string" ? payload.family_name : null,
      };
    },
  };
}
export type OneTapVerifier = ReturnType<typeof createOneTapVerifier>;
