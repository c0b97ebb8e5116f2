/**
 * A local stand-in for Google's ID-token signing keys: an RSA key pair made with jose, its public
 * half published as a JWKS (like https://www.googleapis.com/oauth2/v3/certs, with Cache-Control),
 * and a signer for ID tokens as Google issues them to One Tap.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, exportSPKI, generateKeyPair, type JWTPayload, SignJWT } from "jose";

export interface GoogleJwksStandIn {
  /** GOOGLE_JWKS_URL for the app under test. */
  url: string;
  /** How many times the key set was fetched. */
  hits(): number;
  /** An RS256 ID token with Google's claims (override any), signed by the published key. */
  idToken(clientId: string, claims?: JWTPayload): Promise<string>;
  /** The same, signed by a key that is not published. */
  foreignIdToken(clientId: string, claims?: JWTPayload): Promise<string>;
  /** The public key as PEM (what an algorithm-confusion forger would use as an HMAC secret). */
  publicPem(): Promise<string>;
  close(): Promise<void>;
}

export const STAND_IN_KID = "local-1";

export async function startGoogleJwks(): Promise<GoogleJwksStandIn> {
  const key = await generateKeyPair("RS256", { extractable: true });
  const other = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(key.publicKey)), kid: STAND_IN_KID, alg: "RS256", use: "sig" };
  let hits = 0;
  const server = createServer((_req, res) => {
    hits++;
    res.writeHead(200, { "content-type": "application/json", "cache-control": "public, max-age=3600" });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const now = () => Math.floor(Date.now() / 1000);
  const claimsFor = (clientId: string, over: JWTPayload = {}): JWTPayload => ({
    iss: "https://accounts.google.com",
    aud: clientId,
    sub: "1122334455",
    email: "deniz@example.com",
    email_verified: true,
    given_name: "Deniz",
    family_name: "Aydın",
    iat: now(),
    exp: now() + 3600,
    ...over,
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/v3/certs`,
    hits: () => hits,
    idToken: (clientId, claims) =>
      new SignJWT(claimsFor(clientId, claims)).setProtectedHeader({ alg: "RS256", kid: STAND_IN_KID, typ: "JWT" }).sign(key.privateKey),
    foreignIdToken: (clientId, claims) =>
      new SignJWT(claimsFor(clientId, claims)).setProtectedHeader({ alg: "RS256", kid: STAND_IN_KID, typ: "JWT" }).sign(other.privateKey),
    publicPem: () => exportSPKI(key.publicKey),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
