import * as client from "openid-client";
import { isLoopbackHost } from "../loopback";

/** What an identity provider (OIDC, One Tap, Facebook, a messenger) tells about the person signing in. */
export interface IdentityProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

export interface OidcProviderConfig {
  id: "google";
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * OpenID Connect clients, discovered once per process. Plain http issuers (local stand-ins in
 * tests) are allowed only on loopback addresses.
 */
export function createOidcProviders(configs: OidcProviderConfig[]) {
  const discovered = new Map<string, Promise<client.Configuration>>();

  function configuration(p: OidcProviderConfig): Promise<client.Configuration> {
    let hit = discovered.get(p.id);
    if (!hit) {
      const url = new URL(p.issuer);
      const loopback = isLoopbackHost(url.hostname);
      hit = client.discovery(
        url,
        p.clientId,
        p.clientSecret,
        undefined,
        loopback && url.protocol === "http:" ? { execute: [client.allowInsecureRequests] } : undefined,
      );
      discovered.set(p.id, hit);
      hit.catch(() => discovered.delete(p.id));
    }
    return hit;
  }

  return {
    available: (id: string) => configs.some((c) => c.id === id),
    get(id: string): OidcProviderConfig | undefined {
      return configs.find((c) => c.id === id);
    },
    async authorizationUrl(p: OidcProviderConfig, params: { redirectUri: string; state: string; nonce: string; codeChallenge: string }) {
      return client.buildAuthorizationUrl(await configuration(p), {
        redirect_uri: params.redirectUri,
        scope: "openid email profile",
        state: params.state,
        nonce: params.nonce,
        code_challenge: params.codeChallenge,
        code_challenge_method: "S256",
      });
    },
    /** Exchanges the code and verifies the ID token (signature by JWKS, iss, aud, exp, nonce). */
    async complete(p: OidcProviderConfig, callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string; redirectUri: string }) {
      const tokens = await client.authorizationCodeGrant(
        await configuration(p),
        callbackUrl,
        { pkceCodeVerifier: checks.codeVerifier, expectedState: checks.state, expectedNonce: checks.nonce, idTokenExpected: true },
        { redirect_uri: checks.redirectUri },
      );
      const claims = tokens.claims();
      if (!claims) throw new Error("No ID token");
      return {
        subject: claims.sub,
        email: typeof claims.email === "string" ? claims.email.toLowerCase() : null,
        emailVerified: claims.email_verified === true,
        givenName: typeof claims.given_name === "string" ? claims.given_name : null,
        familyName: typeof claims.family_name === "string" ? claims.family_name : null,
      };
    },
    randomState: client.randomState,
    randomNonce: client.randomNonce,
    randomPKCECodeVerifier: client.randomPKCECodeVerifier,
    calculatePKCECodeChallenge: client.calculatePKCECodeChallenge,
  };
}
export type OidcProviders = ReturnType<typeof createOidcProviders>;
