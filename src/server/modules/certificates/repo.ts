import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { appSecrets } from "../../db/schema/auth";
import { certificates } from "../../db/schema/certificates";

export type CertificateRow = typeof certificates.$inferSelect;
export type CertificateInsert = typeof certificates.$inferInsert;

/** The only place that queries certificates. */
export function createCertificatesRepo(db: Db) {
  return {
    /**
     * Inserts unless the learner already has this course's certificate (or, vanishingly rarely, the
     * number is taken): the unique indexes decide between parallel finishes. Answers the stored row
     * of the learner and course, or null when the number collided and nothing is stored yet.
     */
    async insertOnce(row: CertificateInsert): Promise<CertificateRow | null> {
      await db.insert(certificates).values(row).onConflictDoNothing();
      return this.findFor(row.userId, row.courseId);
    },
    async findFor(userId: string, courseId: string): Promise<CertificateRow | null> {
      const [row] = await db
        .select()
        .from(certificates)
        .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)));
      return row ?? null;
    },
    async findByNumber(number: string): Promise<CertificateRow | null> {
      const [row] = await db.select().from(certificates).where(eq(certificates.number, number));
      return row ?? null;
    },
    listForUser(userId: string): Promise<CertificateRow[]> {
      return db.select().from(certificates).where(eq(certificates.userId, userId)).orderBy(desc(certificates.issuedAt));
    },
    /** The credentials' signing key: `generated` is kept at first start, every instance then reads the same one. */
    async issuerJwk(generated: string): Promise<string> {
      await db.insert(appSecrets).values({ name: "certificate-ed25519", value: generated }).onConflictDoNothing();
      const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, "certificate-ed25519"));
      return row.value;
    },
    /** Revokes a valid one; null when it was revoked already (by a parallel request too). */
    async revoke(number: string, by: string, reason: string, at: Date): Promise<CertificateRow | null> {
      const [row] = await db
        .update(certificates)
        .set({ revokedAt: at, revokedReason: reason, revokedBy: by })
        .where(and(eq(certificates.number, number), isNull(certificates.revokedAt)))
        .returning();
      return row ?? null;
    },
  };
}
export type CertificatesRepo = ReturnType<typeof createCertificatesRepo>;
