import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inTransaction } from "../../db/transaction";
import { identities, oauthFlows, oneTimeTokens, sessions } from "../../db/schema/auth";

export type SessionRow = typeof sessions.$inferSelect;
/** A session that ended, as the session checks of every instance remember it (docs/decisions/0029). */
export interface RevokedSession {
  id: string;
  userId: string;
  revokedAt: Date;
}
const revokedColumns = { id: sessions.id, userId: sessions.userId, revokedAt: sessions.revokedAt };
const revokedOnly = (rows: Array<{ id: string; userId: string; revokedAt: Date | null }>): RevokedSession[] =>
  rows.flatMap((r) => (r.revokedAt ? [{ id: r.id, userId: r.userId, revokedAt: r.revokedAt }] : []));
type OneTimeKind = (typeof oneTimeTokens.$inferInsert)["kind"];

export function createAuthRepo(db: Db) {
  return {
    async insertSession(row: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(row);
    },
    async findSession(id: string): Promise<SessionRow | null> {
      return (await db.select().from(sessions).where(eq(sessions.id, id)).limit(1))[0] ?? null;
    },
    async findByRefreshHash(hash: string): Promise<SessionRow | null> {
      return (await db.select().from(sessions).where(eq(sessions.refreshHash, hash)).limit(1))[0] ?? null;
    },
    async findByPreviousHash(hash: string): Promise<SessionRow | null> {
      return (await db.select().from(sessions).where(eq(sessions.previousHash, hash)).limit(1))[0] ?? null;
    },
    /** Rotates only if the presented hash is still current: two concurrent refreshes cannot both win. */
    async rotate(id: string, fromHash: string, toHash: string, expiresAt: Date): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ refreshHash: toHash, previousHash: fromHash, rotatedAt: new Date(), expiresAt })
        .where(and(eq(sessions.id, id), eq(sessions.refreshHash, fromHash), isNull(sessions.revokedAt)))
        .returning();
      return rows.length === 1;
    },
    /** Ends a session; returns it when this call ended it (not when it had ended before). */
    async revoke(id: string): Promise<RevokedSession[]> {
      return revokedOnly(
        await db
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
          .returning(),
      );
    },
    /** Ends every live session of the account; returns those it ended. */
    async revokeAllOf(userId: string): Promise<RevokedSession[]> {
      return revokedOnly(
        await db
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
          .returning(),
      );
    },
    /** Sessions ended after `since` (of one account, when given), oldest first. */
    async revokedSince(since: Date, userId?: string): Promise<RevokedSession[]> {
      return revokedOnly(
        await db
          .select(revokedColumns)
          .from(sessions)
          .where(and(gt(sessions.revokedAt, since), userId === undefined ? undefined : eq(sessions.userId, userId)))
          .orderBy(asc(sessions.revokedAt)),
      );
    },
    async insertOneTime(row: typeof oneTimeTokens.$inferInsert) {
      await db.insert(oneTimeTokens).values(row);
    },
    /** The token and `also` (writes that belong with it: an audit row, its letter) in one transaction. */
    async insertOneTimeWith(row: typeof oneTimeTokens.$inferInsert, also: (tx: Db) => Promise<void>) {
      await inTransaction(db, async (tx) => {
        await tx.insert(oneTimeTokens).values(row);
        await also(tx);
      });
    },
    /** Marks every unused token of that kind of the user as used. */
    async spendAllOf(userId: string, kind: OneTimeKind) {
      await db
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt)));
    },
    /** A live (unused, unexpired) token, without spending it. */
    async findOneTime(hash: string, kind: OneTimeKind) {
      const rows = await db
        .select()
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.hash, hash), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date())))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Marks a token used and returns it, atomically: a token works once even under a race. */
    async consumeOneTime(hash: string, kind: OneTimeKind) {
      const rows = await db
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(oneTimeTokens.hash, hash), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date())))
        .returning();
      return rows[0] ?? null;
    },
    async findIdentity(provider: string, subject: string) {
      return (
        (
          await db
            .select()
            .from(identities)
            .where(and(eq(identities.provider, provider), eq(identities.subject, subject)))
            .limit(1)
        )[0] ?? null
      );
    },
    /** The provider accounts linked to an account (no secrets are kept there). */
    identitiesOf(userId: string) {
      return db
        .select({ provider: identities.provider, subject: identities.subject, email: identities.email, createdAt: identities.createdAt })
        .from(identities)
        .where(eq(identities.userId, userId))
        .orderBy(identities.createdAt);
    },
    async insertIdentity(row: typeof identities.$inferInsert) {
      await db.insert(identities).values(row).onConflictDoNothing();
    },
    async insertFlow(row: typeof oauthFlows.$inferInsert) {
      await db.insert(oauthFlows).values(row);
    },
    /** Takes a redirect-login state once: a replayed or expired state finds nothing. */
    async takeFlow(state: string) {
      const rows = await db.delete(oauthFlows).where(eq(oauthFlows.state, state)).returning();
      const row = rows[0];
      return row && row.expiresAt.getTime() > Date.now() ? row : null;
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
