import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { appSecrets } from "../../db/schema/auth";

/**
 * The signing key: AUTH_SECRET when configured, else one generated at first start and kept in the
 * database, so every instance on the same database signs and verifies alike.
 */
export async function loadSigningSecret(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(appSecrets)
    .values({ name: "access-token", value: randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, "access-token"));
  return new TextEncoder().encode(row.value);
}
