import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subscriptions } from "../../db/schema/subscriptions";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionInsert = typeof subscriptions.$inferInsert;

export function createSubscriptionsRepo(db: Db) {
  return {
    /** Inserts unless the e-mail is already subscribed to the topic; null when it was. */
    async insertIfAbsent(row: SubscriptionInsert): Promise<SubscriptionRow | null> {
      const [created] = await db.insert(subscriptions).values(row).onConflictDoNothing().returning();
      return created ?? null;
    },
    async find(environmentId: string, topic: string, email: string): Promise<SubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.environmentId, environmentId), eq(subscriptions.topic, topic), eq(subscriptions.email, email)))
        .limit(1);
      return row ?? null;
    },
  };
}
export type SubscriptionsRepo = ReturnType<typeof createSubscriptionsRepo>;
