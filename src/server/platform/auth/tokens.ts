import { createHash, randomBytes } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";

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

export function createAccessTokens(secret: Uint8Array, issuer: string) {
  return {
    sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.sub)
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TTL_SECONDS}s`)
        .sign(secret);
    },
    /** Null for anything but a valid, unexpired token of ours (bad signature, other alg, expired, no exp/sub/sid). */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        // requiredClaims: a token of ours always has them; one without exp would never expire.
        const { payload } = await jwtVerify(token, secret, { issuer, algorithms: ["HS256"], requiredClaims: ["exp", "sub", "sid"] });
        if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
        return { sub: payload.sub, sid: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
