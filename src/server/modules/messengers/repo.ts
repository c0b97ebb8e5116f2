import { and, eq, gt, isNotNull, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { messengerConnects } from "../../db/schema/auth";

export type ConnectRow = typeof messengerConnects.$inferSelect;

export function createMessengersRepo(db: Db) {
  return {
    async insert(row: typeof messengerConnects.$inferInsert) {
      await db.insert(messengerConnects).values(row);
    },
    async findByFlowHash(flowHash: string): Promise<ConnectRow | null> {
      return (await db.select().from(messengerConnects).where(eq(messengerConnects.flowHash, flowHash)).limit(1))[0] ?? null;
    },
    async findByCodeHash(codeHash: string): Promise<ConnectRow | null> {
      return (await db.select().from(messengerConnects).where(eq(messengerConnects.codeHash, codeHash)).limit(1))[0] ?? null;
    },
    /** The bot's confirmation, atomically: a code confirms once, for its own messenger, before it expires. */
    async confirm(codeHash: string, messenger: string, who: { messengerUserId: string; name: string | null }, now: Date, completeBy: Date) {
      const rows = await db
        .update(messengerConnects)
        .set({ confirmedAt: now, messengerUserId: who.messengerUserId, messengerName: who.name, expiresAt: completeBy })
        .where(
          and(
            eq(messengerConnects.codeHash, codeHash),
            eq(messengerConnects.messenger, messenger),
            isNull(messengerConnects.confirmedAt),
            gt(messengerConnects.expiresAt, now),
          ),
        )
        .returning();
      return rows[0] ?? null;
    },
    /** The browser's completion, atomically: once, after confirmation, before the flow expires. */
    async complete(flowHash: string, now: Date) {
      const rows = await db
        .update(messengerConnects)
        .set({ completedAt: now })
        .where(
          and(
            eq(messengerConnects.flowHash, flowHash),
            isNotNull(messengerConnects.confirmedAt),
            isNull(messengerConnects.completedAt),
            gt(messengerConnects.expiresAt, now),
          ),
        )
        .returning();
      return rows[0] ?? null;
    },
    /** Flows long past their expiry are of no use to anybody. */
    async purgeExpiredBefore(before: Date) {
      await db.delete(messengerConnects).where(lt(messengerConnects.expiresAt, before));
    },
  };
}
export type MessengersRepo = ReturnType<typeof createMessengersRepo>;
