import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { portalDisciples, progressRecords, users } from "../../db/schema/users";

export type UserRow = typeof users.$inferSelect;
export type UserInsert = typeof users.$inferInsert;

/** PostgreSQL unique violation, as both drivers report it. */
export function isUniqueViolation(e: unknown, index?: string): boolean {
  const err = (e as { cause?: unknown })?.cause ?? e;
  const code = (err as { code?: string })?.code;
  if (code !== "23505") return false;
  return !index || String((err as { constraint?: string }).constraint ?? (err as Error).message).includes(index);
}

export function createUsersRepo(db: Db) {
  const one = async (where: ReturnType<typeof eq>) => (await db.select().from(users).where(where).limit(1))[0] ?? null;
  return {
    findById: (id: string) => one(eq(users.id, id)),
    findByEmail: (email: string) => one(eq(users.email, email)),
    findByPhone: (phone: string) => one(eq(users.phone, phone)),
    findByUsername: (username: string) => one(eq(users.username, username)),
    async insert(row: UserInsert): Promise<UserRow> {
      const [created] = await db.insert(users).values(row).returning();
      return created;
    },
    async update(id: string, patch: Partial<UserInsert>): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row ?? null;
    },
    async remove(id: string): Promise<boolean> {
      return (await db.delete(users).where(eq(users.id, id)).returning()).length === 1;
    },
    async addDisciple(portalId: string, userId: string, utm: Array<Record<string, string>>) {
      await db
        .insert(portalDisciples)
        .values({ portalId, userId, utm })
        .onConflictDoUpdate({
          target: [portalDisciples.portalId, portalDisciples.userId],
          set: { utm: sql`${portalDisciples.utm} || excluded.utm` },
        });
    },
    /**
     * Adds a bought course to `ordered_courses` (the seed's orders.courses) on `tx`, the caller's
     * transaction, so the grant commits with what caused it. False when the account already had it.
     */
    async grantCourse(tx: Db, userId: string, courseId: string): Promise<boolean> {
      const course = JSON.stringify([courseId]);
      const rows = await tx
        .update(users)
        .set({ orderedCourses: sql`${users.orderedCourses} || ${course}::jsonb`, updatedAt: new Date() })
        .where(and(eq(users.id, userId), sql`not (${users.orderedCourses} @> ${course}::jsonb)`))
        .returning();
      return rows.length === 1;
    },
    /** Takes a course out of `ordered_courses` on `tx`; false when the account did not have it. */
    async revokeCourse(tx: Db, userId: string, courseId: string): Promise<boolean> {
      const course = JSON.stringify([courseId]);
      const rows = await tx
        .update(users)
        .set({ orderedCourses: sql`${users.orderedCourses} - ${courseId}::text`, updatedAt: new Date() })
        .where(and(eq(users.id, userId), sql`${users.orderedCourses} @> ${course}::jsonb`))
        .returning();
      return rows.length === 1;
    },
    async ensureProgressRecord(id: string, portalId: string, userId: string) {
      await db.insert(progressRecords).values({ id, portalId, userId }).onConflictDoNothing();
      return (await db.select().from(progressRecords).where(eq(progressRecords.id, id)))[0];
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
