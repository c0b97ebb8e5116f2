import { and, desc, eq, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { likeLiteral } from "../../db/like";
import { auditLog } from "../../db/schema/audit";
import { portalDisciples, progressRecords, users } from "../../db/schema/users";
import { inTransaction } from "../../db/transaction";
import type { TAuditSummary } from "../../../domain/studio";
import { AppError } from "../../../domain/errors";
import { BACK_OFFICE_ROLES } from "../../../domain/studio-policy";

export type UserRow = typeof users.$inferSelect;
export type UserInsert = typeof users.$inferInsert;

/** PostgreSQL unique violation, as both drivers report it. */
export function isUniqueViolation(e: unknown, index?: string): boolean {
  const err = (e as { cause?: unknown })?.cause ?? e;
  const code = (err as { code?: string })?.code;
  if (code !== "23505") return false;
  return !index || String((err as { constraint?: string }).constraint ?? (err as Error).message).includes(index);
}

/** What the back office searches by (issue 16); `after` is the last row of the previous page. */
export interface PeopleFilter {
  q?: string;
  sessions: boolean;
  after?: { createdAt: Date; id: string };
  limit: number;
}

/** One audit row of a back-office change to an account, written in the change's transaction. */
export interface PersonAudit {
  portalId: string;
  actorId: string;
  action: string;
  summary: TAuditSummary;
}

/** Admins who count for the last-admin rule: active accounts with `admin`, not blocked. */
const activeAdmin = and(sql`${users.roles} @> '["admin"]'::jsonb`, eq(users.status, "active"), isNull(users.blockedAt));
/**
 * Who counts for the last-manager rule: active, unblocked accounts with a role that runs the back
 * office (people, orders, settings: admin or mp-admin). `admin` alone is not enough: a portal run
 * by an mp-admin must not lose its last one either.
 */
const activeManager = and(
  or(...BACK_OFFICE_ROLES.map((role) => sql`${users.roles} @> ${JSON.stringify([role])}::jsonb`)),
  eq(users.status, "active"),
  isNull(users.blockedAt),
);

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
    /** Updates a session account only while it still is one (status session); null once it is not. */
    async updateSession(id: string, patch: Partial<UserInsert>): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(users.id, id), eq(users.status, "session")))
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
    /** Each learner's mentor (`users.mentor_id`) on `tx`, one statement for the whole list (the chat jobs' batches). */
    async setMentors(tx: Db, pairs: Array<{ userId: string; mentorId: string }>): Promise<void> {
      if (pairs.length === 0) return;
      const mentor = sql`case ${users.id} ${sql.join(
        pairs.map((p) => sql`when ${p.userId} then ${p.mentorId}`),
        sql` `,
      )} end`;
      await tx
        .update(users)
        .set({ mentorId: mentor, updatedAt: new Date() })
        .where(
          inArray(
            users.id,
            pairs.map((p) => p.userId),
          ),
        );
    },
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
    /** Name (any case, contains), e-mail (any case, contains), phone (starts with) or id (exact or starts with); newest first. */
    search(f: PeopleFilter): Promise<UserRow[]> {
      const where: Array<SQL | undefined> = [];
      if (!f.sessions) where.push(ne(users.status, "session"));
      if (f.q) {
        const part = `%${likeLiteral(f.q)}%`;
        const start = `${likeLiteral(f.q)}%`;
        where.push(
          or(
            ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, part),
            ilike(users.username, part),
            ilike(users.email, part),
            sql`${users.phone} like ${start}`,
            sql`${users.id} like ${start}`,
          ),
        );
      }
      if (f.after) {
        where.push(or(lt(users.createdAt, f.after.createdAt), and(eq(users.createdAt, f.after.createdAt), lt(users.id, f.after.id))));
      }
      return db
        .select()
        .from(users)
        .where(and(...where))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(f.limit);
    },
    /**
     * A back-office change of an account (issue 16) with its audit row, in one transaction. The
     * portal's active managers (admins among them) are locked first, so two changes that would each
     * leave one queue; a change that leaves no admin is LAST_ADMIN, one that leaves nobody who can
     * manage the portal is LAST_MANAGER, and nothing is written. Null: no such account.
     */
    async changeWithAudit(id: string, patch: Partial<UserInsert>, audit: PersonAudit): Promise<UserRow | null> {
      return inTransaction(db, async (tx) => {
        const before = await lockManagers(tx);
        const [row] = await tx
          .update(users)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning();
        if (!row) return null;
        await keepManagers(tx, before);
        await tx.insert(auditLog).values({ ...audit, entityType: "user", entityId: id });
        return row;
      });
    },
    /** Deletes an account with its audit row, in one transaction, keeping an admin and a manager (as changeWithAudit). */
    async removeWithAudit(id: string, audit: PersonAudit): Promise<boolean> {
      return inTransaction(db, async (tx) => {
        const before = await lockManagers(tx);
        const gone = await tx.delete(users).where(eq(users.id, id)).returning();
        if (gone.length === 0) return false;
        await keepManagers(tx, before);
        await tx.insert(auditLog).values({ ...audit, entityType: "user", entityId: id });
        return true;
      });
    },
    /** An audit row alone (a change made elsewhere, e.g. a reset link sent). */
    async audit(id: string, audit: PersonAudit, tx: Db = db): Promise<void> {
      await tx.insert(auditLog).values({ ...audit, entityType: "user", entityId: id });
    },
    /** The audit rows about an account, newest first. */
    auditAbout(portalId: string, id: string, limit: number) {
      return db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.portalId, portalId), eq(auditLog.entityType, "user"), eq(auditLog.entityId, id)))
        .orderBy(desc(auditLog.id))
        .limit(limit);
    },
    async ensureProgressRecord(id: string, portalId: string, userId: string) {
      await db.insert(progressRecords).values({ id, portalId, userId }).onConflictDoNothing();
      return (await db.select().from(progressRecords).where(eq(progressRecords.id, id)))[0];
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;

/** Locks the active managers (admins are among them) and counts both, before a change. */
async function lockManagers(tx: Db): Promise<{ admins: number; managers: number }> {
  const rows = await tx.select({ roles: users.roles }).from(users).where(activeManager).for("update");
  return { admins: rows.filter((r) => r.roles.includes("admin")).length, managers: rows.length };
}

/** After the change: a portal that had an admin keeps one, and one that had a manager keeps one. */
async function keepManagers(tx: Db, before: { admins: number; managers: number }): Promise<void> {
  if (before.managers === 0) return;
  const [left] = await tx
    .select({ admins: sql<number>`count(*) filter (where ${activeAdmin})::int`, managers: sql<number>`count(*)::int` })
    .from(users)
    .where(activeManager);
  if (before.admins > 0 && (left?.admins ?? 0) === 0) throw new AppError("LAST_ADMIN", "The change would leave the portal without an admin");
  if ((left?.managers ?? 0) === 0) throw new AppError("LAST_MANAGER", "The change would leave nobody who can manage people, orders and settings");
}
