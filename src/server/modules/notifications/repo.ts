import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inTransaction } from "../../db/transaction";
import { notifications } from "../../db/schema/chat";

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationInsert = typeof notifications.$inferInsert;

/** Paging position in "unread first, newest first": the last item of the previous page. */
export interface NotificationCursor {
  unread: boolean;
  createdAt: Date;
  id: string;
}

/** Statements the chat module runs inside its own transaction (a reply and its notification commit together). */
export function notificationWrites(tx: Db) {
  return {
    /** One notification, or a batch of them in one statement (the chat jobs' assignments). */
    async insert(row: NotificationInsert | NotificationInsert[]): Promise<void> {
      if (Array.isArray(row) && row.length === 0) return;
      await tx
        .insert(notifications)
        .values(Array.isArray(row) ? row : [row])
        .onConflictDoNothing();
    },
    /** Reading chat messages reads the notifications about them; returns how many changed. */
    async readBySource(userId: string, messageIds: string[], at: Date): Promise<number> {
      if (messageIds.length === 0) return 0;
      const rows = await tx
        .update(notifications)
        .set({ readAt: at })
        .where(and(eq(notifications.userId, userId), inArray(notifications.sourceMessageId, messageIds), isNull(notifications.readAt)))
        .returning();
      return rows.length;
    },
    /** Told about in a digest letter. */
    async emailedBySource(messageIds: string[], at: Date): Promise<void> {
      if (messageIds.length === 0) return;
      await tx.update(notifications).set({ emailedAt: at }).where(inArray(notifications.sourceMessageId, messageIds));
    },
  };
}

export function createNotificationsRepo(db: Db) {
  return {
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return inTransaction(db, work);
    },
    /** Unread first, then newest first; `limit + 1` rows tell whether there is a next page. */
    list(userId: string, after: NotificationCursor | undefined, limit: number): Promise<NotificationRow[]> {
      const where: SQL[] = [eq(notifications.userId, userId)];
      if (after) {
        const at = sql`${after.createdAt.toISOString()}::timestamptz`;
        const unreadRank = sql`(case when ${notifications.readAt} is null then 1 else 0 end)`;
        const rank = after.unread ? 1 : 0;
        where.push(
          sql`(${unreadRank} < ${rank} or (${unreadRank} = ${rank} and (${notifications.createdAt} < ${at} or (${notifications.createdAt} = ${at} and ${notifications.id} < ${after.id}))))`,
        );
      }
      return db
        .select()
        .from(notifications)
        .where(and(...where))
        .orderBy(sql`(${notifications.readAt} is null) desc`, desc(notifications.createdAt), desc(notifications.id))
        .limit(limit + 1);
    },
    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },
    /** Those of `ids` that belong to `userId`. */
    async ownIds(userId: string, ids: string[]): Promise<string[]> {
      const rows = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)));
      return rows.map((r) => r.id);
    },
    /** Marks unread notifications read (some or all); returns the chat messages they told about. */
    async markRead(userId: string, ids: string[] | "all", at: Date): Promise<string[]> {
      const rows = await db
        .update(notifications)
        .set({ readAt: at })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ...(ids === "all" ? [] : [inArray(notifications.id, ids)])))
        .returning();
      return rows.map((r) => r.sourceMessageId).filter((s): s is string => !!s);
    },
  };
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
