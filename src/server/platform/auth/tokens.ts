import { createHash, randomBytes } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { BoundedCache } from "../../../domain/bounded-cache";

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** 256 random bits, URL-safe: refresh, reset and quick tokens. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as SHA-256: a database leak does not leak usable tokens. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A signed-in session's tokens, as sign-in replies and the session cookies carry them. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  userId: string;
  expiresIn: number;
}

/** A renewed access token for a session whose refresh token a parallel request just rotated. */
export type AccessOnly = Omit<IssuedTokens, "refreshToken"> & { refreshToken?: undefined };

export interface AccessClaims {
  sub: string;
  sid: string;
}

/** Enough for every token in use at once on one instance; older ones are verified again. */
const VERIFIED_TOKENS = 10_000;

export function createAccessTokens(secret: Uint8Array, issuer: string) {
  // Tokens whose signature was checked, with their claims: a browser sends the same token on every
  // request for 15 minutes, and checking the HMAC (WebCrypto, a job per call) was a visible share of
  // an API request. Keyed by the whole token, signature included; expiry is checked on every use.
  const verified = new BoundedCache<string, AccessClaims & { exp: number }>(VERIFIED_TOKENS);
  return {
    /** Lives ACCESS_TTL_SECONDS, or less when `notAfter` (the end of its session) comes sooner. */
    sign(claims: AccessClaims, opts: { notAfter?: Date } = {}): Promise<string> {
      const issuedAt = Math.floor(Date.now() / 1000);
      const sessionEnd = opts.notAfter ? Math.floor(opts.notAfter.getTime() / 1000) : Number.POSITIVE_INFINITY;
      return new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.sub)
        .setIssuer(issuer)
        .setIssuedAt(issuedAt)
        .setExpirationTime(Math.min(issuedAt + ACCESS_TTL_SECONDS, sessionEnd))
        .sign(secret);
    },
    /** Null for anything but a valid, unexpired token of ours (bad signature, other alg, expired, no exp/sub/sid). */
    async verify(token: string): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (known.exp > Date.now() / 1000) return { sub: known.sub, sid: known.sid };
        verified.delete(token);
        return null;
      }
      try {
        // requiredClaims: a token of ours always has them; one without exp would never expire.
        const { payload } = await jwtVerify(token, secret, { issuer, algorithms: ["HS256"], requiredClaims: ["exp", "sub", "sid"] });
        if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || typeof payload.exp !== "number") return null;
        verified.set(token, { sub: payload.sub, sid: payload.sid, exp: payload.exp });
        return { sub: payload.sub, sid: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
