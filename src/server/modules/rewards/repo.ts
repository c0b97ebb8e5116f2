import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inTransaction } from "../../db/transaction";
import { awards, courseGifts, giftReceipts, userAwards } from "../../db/schema/rewards";
import type { TAwardDefinition, TCourseGift } from "../../../domain/rewards";

export type UserAwardRow = typeof userAwards.$inferSelect;
export type GiftReceiptRow = typeof giftReceipts.$inferSelect;

export function createRewardsRepo(db: Db) {
  return {
    async definitions(portalId: string): Promise<TAwardDefinition[]> {
      const rows = await db.select({ definition: awards.definition }).from(awards).where(eq(awards.portalId, portalId)).orderBy(awards.createdAt, awards.id);
      return rows.map((r) => r.definition);
    },
    /** Grants each award at most once (the primary key decides between parallel grants); returns the ones this call granted. */
    async grant(userId: string, portalId: string, awardIds: string[], courseId: string | null): Promise<UserAwardRow[]> {
      if (awardIds.length === 0) return [];
      return db
        .insert(userAwards)
        .values(awardIds.map((awardId) => ({ userId, portalId, awardId, courseId })))
        .onConflictDoNothing()
        .returning();
    },
    heldBy(userId: string, portalId: string): Promise<UserAwardRow[]> {
      return db
        .select()
        .from(userAwards)
        .where(and(eq(userAwards.userId, userId), eq(userAwards.portalId, portalId)))
        .orderBy(desc(userAwards.earnedAt), userAwards.awardId);
    },
    /** Every course that offers a gift (a handful per portal). */
    allGifts(): Promise<Array<{ courseId: string; gift: TCourseGift }>> {
      return db.select().from(courseGifts).orderBy(courseGifts.courseId);
    },
    async giftOf(courseId: string): Promise<TCourseGift | null> {
      const [row] = await db.select().from(courseGifts).where(eq(courseGifts.courseId, courseId));
      return row?.gift ?? null;
    },
    /** Records the receipt once; null when the learner had received this course's gift already. */
    async receive(tx: Db, userId: string, courseId: string, gift: TCourseGift): Promise<GiftReceiptRow | null> {
      const [row] = await tx.insert(giftReceipts).values({ userId, courseId, gift }).onConflictDoNothing().returning();
      return row ?? null;
    },
    async receipt(userId: string, courseId: string): Promise<GiftReceiptRow | null> {
      const [row] = await db
        .select()
        .from(giftReceipts)
        .where(and(eq(giftReceipts.userId, userId), eq(giftReceipts.courseId, courseId)));
      return row ?? null;
    },
    receipts(userId: string, courseIds?: string[]): Promise<GiftReceiptRow[]> {
      return db
        .select()
        .from(giftReceipts)
        .where(and(eq(giftReceipts.userId, userId), courseIds ? inArray(giftReceipts.courseId, courseIds) : undefined))
        .orderBy(desc(giftReceipts.receivedAt));
    },
    /** Runs `work` in one transaction (the receipt and a course it grants commit together). */
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return inTransaction(db, work);
    },
  };
}
export type RewardsRepo = ReturnType<typeof createRewardsRepo>;
