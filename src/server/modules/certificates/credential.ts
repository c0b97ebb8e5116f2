import { CompactSign, compactVerify, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { CERTIFICATE_NUMBER_PATTERN } from "../../../domain/certificate";

/**
 * Open Badges 3.0 credentials of certificates (docs/decisions/0037): an OpenBadgeCredential signed as a
 * JWT (the spec's VC-JWT proof format) with Ed25519 (alg EdDSA). The payload carries the credential in
 * its `vc` claim and the registered claims the spec asks for (iss, jti, sub, nbf, exp).
 */

export interface IssuerKey {
  sign: (payload: Uint8Array, kid: string) => Promise<string>;
  verify: (jws: string) => Promise<Uint8Array | null>;
  publicJwk: JWK;
}

/** A new Ed25519 private key as a JWK string (stored at first start when none is configured). */
export async function newIssuerJwk(): Promise<string> {
  const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
  return JSON.stringify(await exportJWK(privateKey));
}

export async function issuerKey(privateJwk: string): Promise<IssuerKey> {
  const jwk = JSON.parse(privateJwk) as JWK;
  const privateKey = await importJWK({ ...jwk, alg: "EdDSA" }, "EdDSA");
  const publicJwk: JWK = { kty: jwk.kty, crv: jwk.crv, x: jwk.x };
  const publicKey = await importJWK({ ...publicJwk, alg: "EdDSA" }, "EdDSA");
  return {
    publicJwk,
    sign: (payload, kid) => new CompactSign(payload).setProtectedHeader({ alg: "EdDSA", typ: "vc+jwt", kid }).sign(privateKey),
    async verify(jws) {
      try {
        const { payload, protectedHeader } = await compactVerify(jws, publicKey, { algorithms: ["EdDSA"] });
        return protectedHeader.typ === "vc+jwt" ? payload : null;
      } catch {
        return null;
      }
    },
  };
}

export interface CredentialFacts {
  number: string;
  learnerName: string;
  courseId: string;
  courseTitle: string;
  courseDescription: string;
  issuedAt: Date;
  expiresAt: Date | null;
  /** The verification page: the credential's id. */
  url: string;
  /** The course page: the achievement's id. */
  courseUrl: string;
  issuer: { id: string; name: string; url: string };
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The OpenBadgeCredential (OB 3.0, VC data model 2.0 contexts). */
export function openBadgeCredential(f: CredentialFacts) {
  return {
    "@context": ["https://www.w3.org/ns/credentials/v2", "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"],
    id: f.url,
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    issuer: { id: f.issuer.id, type: ["Profile"], name: f.issuer.name, url: f.issuer.url },
    validFrom: f.issuedAt.toISOString(),
    ...(f.expiresAt ? { validUntil: f.expiresAt.toISOString() } : {}),
    name: f.courseTitle,
    credentialSubject: {
      type: ["AchievementSubject"],
      identifier: [{ type: "IdentityObject", identityHash: f.learnerName, identityType: "name", hashed: false }],
      achievement: {
        id: f.courseUrl,
        type: ["Achievement"],
        achievementType: "Certificate",
        name: f.courseTitle,
        description: f.courseDescription || f.courseTitle,
        criteria: { narrative: "Finished every element of the course." },
      },
    },
  };
}

/** The signed credential (compact JWS). */
export async function signCredential(key: IssuerKey, f: CredentialFacts): Promise<string> {
  const vc = openBadgeCredential(f);
  const claims = {
    iss: f.issuer.id,
    jti: f.url,
    sub: f.number,
    nbf: seconds(f.issuedAt),
    iat: seconds(f.issuedAt),
    ...(f.expiresAt ? { exp: seconds(f.expiresAt) } : {}),
    vc,
  };
  return key.sign(new TextEncoder().encode(JSON.stringify(claims)), `${f.issuer.id}#key-1`);
}

/** The number a credential names when its signature is ours; null for anything else. */
export async function credentialNumber(key: IssuerKey, jws: string): Promise<string | null> {
  const payload = await key.verify(jws);
  if (!payload) return null;
  try {
    const claims = JSON.parse(new TextDecoder().decode(payload)) as { sub?: unknown };
    return typeof claims.sub === "string" && CERTIFICATE_NUMBER_PATTERN.test(claims.sub) ? claims.sub : null;
  } catch {
    return null;
  }
}
