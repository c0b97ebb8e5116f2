import { hash, verify } from "@node-rs/argon2";

/** argon2id with OWASP ASVS parameters: 19 MiB memory, 2 iterations, 1 lane. */
// algorithm 2 is Argon2id (a const enum in the package's types, which isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummy: Promise<string> | null = null;

/**
 * Verifies a password. With no stored hash (unknown account) it still runs one verification
 * against a dummy hash, so the reply takes as long as for a wrong password: no account enumeration.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword("mentora-dummy-password");
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
