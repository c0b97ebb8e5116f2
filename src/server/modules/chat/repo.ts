import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { DISTRIBUTION_BOT_ID, type TMentorRole } from "../../../domain/chat";
import type { Db } from "../../db/client";
import { inTransaction } from "../../db/transaction";
import { auditLog } from "../../db/schema/audit";
import { chatMessages, chats, chatSettings, chatUnreadTotals, mentorProfiles } from "../../db/schema/chat";
import { users } from "../../db/schema/users";

export type ChatRow = typeof chats.$inferSelect;
export type ChatInsert = typeof chats.$inferInsert;
export type MessageRow = typeof chatMessages.$inferSelect;
export type MessageInsert = typeof chatMessages.$inferInsert;
export type ProfileRow = typeof mentorProfiles.$inferSelect;
export type SettingsRow = typeof chatSettings.$inferSelect;
export type AuthorKind = MessageRow["authorKind"];

/** A mentor profile with how many open chats its mentor holds (the bot's choice, the leaders' list). */
export type ProfileLoad = ProfileRow & { openChats: number };

/** Where a job's batch ends: its last chat's ordering time (as the database prints it) and id. */
export interface JobCursor {
  at: string;
  id: string;
}

/** Inbox paging: the last item of the previous page (newest activity first). */
export interface InboxCursor {
  at: Date;
  id: string;
}

export interface InboxFilter {
  portalId: string;
  /** Only chats assigned to this user; undefined: every chat of the portal (leaders). */
  mentorId?: string;
  waitingOnly: boolean;
  after?: InboxCursor;
  limit: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * One chat's messages, for reading them in storage order from chat_messages_chat_seq. The chat is
 * matched as a range of one and the order is led by it: with `chat_id = $1` the planner drops the
 * chat from the order and may walk the primary key back from the newest message of any chat instead,
 * which it did for a long chat (20,000 of 100,000 messages, estimated as spread evenly) and took
 * 11 ms to pass the 80,000 newer messages of other chats. The range leaves only the chat's index.
 */
const ofChat = (chatId: string) => and(gte(chatMessages.chatId, chatId), lte(chatMessages.chatId, chatId))!;
const newestFirst = [desc(chatMessages.chatId), desc(chatMessages.seq)];
const oldestFirst = [asc(chatMessages.chatId), asc(chatMessages.seq)];

/** Chats whose open count a mentor carries: open and theirs. */
const openChatsOf = sql<number>`(select count(*)::int from ${chats} c where c.mentor_id = ${mentorProfiles.userId} and c.status = 'open' and c.portal_id = ${mentorProfiles.portalId})`;

/** Of a mentor's open chats, those whose learner waits for an answer. */
const unansweredOf = sql<number>`(select count(*)::int from ${chats} c where c.mentor_id = ${mentorProfiles.userId} and c.status = 'open' and c.waiting_since is not null and c.portal_id = ${mentorProfiles.portalId})`;

/** A back-office row: the profile, its load, and its user's name and e-mail. */
export type AdminProfileRow = ProfileLoad & {
  unanswered: number;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  email: string | null;
  roles: string[];
};

/** Open chats of the portal held by a mentor (not the distribution bot). */
const openWithMentor = (portalId: string) =>
  and(eq(chats.portalId, portalId), eq(chats.status, "open"), isNotNull(chats.mentorId), ne(chats.mentorId, DISTRIBUTION_BOT_ID));

/** Reads, on the database or inside a transaction (PGlite has one connection: a transaction reads through it). */
function reads(db: Db) {
  return {
    async settings(portalId: string): Promise<SettingsRow | null> {
      const [row] = await db.select().from(chatSettings).where(eq(chatSettings.portalId, portalId)).limit(1);
      return row ?? null;
    },
    async saveSettings(row: typeof chatSettings.$inferInsert): Promise<SettingsRow> {
      const [saved] = await db
        .insert(chatSettings)
        .values(row)
        .onConflictDoUpdate({
          target: chatSettings.portalId,
          set: {
            assignment: row.assignment,
            reofferAfterMinutes: row.reofferAfterMinutes,
            mentorDigestAfterMinutes: row.mentorDigestAfterMinutes,
            updatedAt: new Date(),
          },
        })
        .returning();
      return saved!;
    },
    listProfiles(f: { portalIds: string[]; roles?: TMentorRole[]; campaign?: string; limit: number }): Promise<ProfileLoad[]> {
      const where: SQL[] = [inArray(mentorProfiles.portalId, f.portalIds)];
      if (f.roles?.length) where.push(inArray(mentorProfiles.role, f.roles));
      if (f.campaign !== undefined) where.push(eq(mentorProfiles.utmCampaignName, f.campaign));
      return db
        .select({ p: mentorProfiles, openChats: openChatsOf })
        .from(mentorProfiles)
        .where(and(...where))
        .orderBy(asc(mentorProfiles.createdAt), asc(mentorProfiles.id))
        .limit(f.limit)
        .then((rows) => rows.map((r) => ({ ...r.p, openChats: r.openChats })));
    },
    async profile(id: string): Promise<ProfileRow | null> {
      const [row] = await db.select().from(mentorProfiles).where(eq(mentorProfiles.id, id)).limit(1);
      return row ?? null;
    },
    async profileOfUser(portalId: string, userId: string): Promise<ProfileRow | null> {
      const [row] = await db
        .select()
        .from(mentorProfiles)
        .where(and(eq(mentorProfiles.portalId, portalId), eq(mentorProfiles.userId, userId)))
        .limit(1);
      return row ?? null;
    },
    /** The mentor profiles of `userIds` on the portal, by user id, in one query (an inbox page's mentors). */
    async profilesOfUsers(portalId: string, userIds: string[]): Promise<Map<string, ProfileRow>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(mentorProfiles)
        .where(and(eq(mentorProfiles.portalId, portalId), inArray(mentorProfiles.userId, userIds)));
      return new Map(rows.map((r) => [r.userId, r]));
    },
    async setAvailable(id: string, available: boolean): Promise<ProfileRow> {
      const [row] = await db.update(mentorProfiles).set({ available }).where(eq(mentorProfiles.id, id)).returning();
      return row!;
    },
    async chat(id: string): Promise<ChatRow | null> {
      const [row] = await db.select().from(chats).where(eq(chats.id, id)).limit(1);
      return row ?? null;
    },
    async chatOfStudent(portalId: string, studentId: string): Promise<ChatRow | null> {
      const [row] = await db
        .select()
        .from(chats)
        .where(and(eq(chats.portalId, portalId), eq(chats.studentId, studentId)))
        .limit(1);
      return row ?? null;
    },
    /** Every message of a chat, oldest first (a person's data export, issue 16). */
    allMessages(chatId: string, limit: number): Promise<MessageRow[]> {
      return db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId)).orderBy(chatMessages.createdAt, chatMessages.id).limit(limit);
    },
    /** The page before `before` (newest `limit`), returned oldest first; one more row tells whether older ones exist. */
    async page(chatId: string, before: number | undefined, limit: number): Promise<{ rows: MessageRow[]; hasPrevious: boolean }> {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(ofChat(chatId), ...(before !== undefined ? [lt(chatMessages.seq, before)] : [])))
        .orderBy(...newestFirst)
        .limit(limit + 1);
      return { rows: rows.slice(0, limit).reverse(), hasPrevious: rows.length > limit };
    },
    /** Messages after `after`, oldest first; `limit + 1` rows tell whether more follow. */
    after(chatId: string, after: number, limit: number): Promise<MessageRow[]> {
      return db
        .select()
        .from(chatMessages)
        .where(and(ofChat(chatId), gt(chatMessages.seq, after)))
        .orderBy(...oldestFirst)
        .limit(limit + 1);
    },
    async messageAt(chatId: string, seq: number): Promise<MessageRow | null> {
      const [row] = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.seq, seq)))
        .limit(1);
      return row ?? null;
    },
    /** Ids of messages by `kinds` read at or after `since` (the read ticks an updates call brings). */
    async readSince(chatId: string, kinds: AuthorKind[], since: Date | null): Promise<string[]> {
      const rows = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(
          and(
            ofChat(chatId),
            inArray(chatMessages.authorKind, kinds),
            isNotNull(chatMessages.readAt),
            ...(since ? [sql`${chatMessages.readAt} >= ${ts(since)}`] : []),
          ),
        )
        .orderBy(...newestFirst)
        .limit(100);
      return rows.map((r) => r.id);
    },
    /** Unread messages by `kinds` per chat. */
    async unreadCounts(chatIds: string[], kinds: AuthorKind[]): Promise<Map<string, number>> {
      if (chatIds.length === 0) return new Map();
      const rows = await db
        .select({ chatId: chatMessages.chatId, n: sql<number>`count(*)::int` })
        .from(chatMessages)
        .where(and(inArray(chatMessages.chatId, chatIds), inArray(chatMessages.authorKind, kinds), isNull(chatMessages.readAt)))
        .groupBy(chatMessages.chatId);
      return new Map(rows.map((r) => [r.chatId, r.n]));
    },
    /**
     * The unread check's figures for one person: the total and the number of chats with any over their
     * own chat and the chats they mentor (one row of chat_unread_totals), and the `limit` chats whose
     * unread message is newest (the end of the partial index chats_staff_unread, and their own chat).
     * All kept by the database's triggers (decision 0074): the same cost for 10 chats as for 10,000.
     */
    async unreadSummary(
      portalId: string,
      userId: string,
      limit: number,
    ): Promise<{ total: number; chatsWithUnread: number; chats: Array<{ chatId: string; unreadMessagesCount: number }> }> {
      const [row] = rowsOf<{ total: number | null; chats: number | null; list: unknown }>(
        await db.execute(sql`
          select t.messages as total, t.chats,
            (select coalesce(json_agg(json_build_array(x.chat_id, x.n) order by x.seq desc, x.chat_id), '[]'::json) from (
              (select ${chats.id} as chat_id, ${chats.staffUnread} as n, ${chats.staffUnreadSeq} as seq from ${chats}
                where ${chats.mentorId} = ${userId} and ${chats.staffUnread} > 0 and ${chats.portalId} = ${portalId}
                order by ${chats.staffUnreadSeq} desc limit ${limit})
              union all
              (select ${chats.id}, ${chats.studentUnread}, ${chats.studentUnreadSeq} from ${chats}
                where ${chats.portalId} = ${portalId} and ${chats.studentId} = ${userId} and ${chats.studentUnread} > 0)
              order by seq desc limit ${limit}
            ) x) as list
          from (select 1) one
          left join ${chatUnreadTotals} t on t.portal_id = ${portalId} and t.user_id = ${userId}`),
      );
      const list = (typeof row?.list === "string" ? JSON.parse(row.list) : (row?.list ?? [])) as Array<[string, number]>;
      return {
        total: Number(row?.total ?? 0),
        chatsWithUnread: Number(row?.chats ?? 0),
        chats: list.map(([chatId, n]) => ({ chatId, unreadMessagesCount: Number(n) })),
      };
    },
    /** The last message of each chat. */
    async lastMessages(chatIds: string[]): Promise<Map<string, MessageRow>> {
      if (chatIds.length === 0) return new Map();
      // Each chat's newest seq from the end of its (chat_id, seq) index, then those rows by key: a
      // DISTINCT ON over the chats' messages read all of a long chat's 20,000 to keep one.
      const ids = sql.join(
        chatIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const newest = rowsOf<{ seq: string | number | null }>(
        await db.execute(sql`select (select max(m.seq) from ${chatMessages} m where m.chat_id = i.id) as seq from unnest(array[${ids}]::text[]) as i(id)`),
      ).flatMap((r) => (r.seq === null ? [] : [Number(r.seq)]));
      if (newest.length === 0) return new Map();
      const rows = await db.select().from(chatMessages).where(inArray(chatMessages.seq, newest));
      return new Map(rows.map((r) => [r.chatId, r]));
    },
    /** The newest context a learner wrote from (the progress link points at its element). */
    async lastContext(chatId: string): Promise<MessageRow["context"]> {
      const [row] = await db
        .select({ context: chatMessages.context })
        .from(chatMessages)
        .where(and(ofChat(chatId), eq(chatMessages.authorKind, "student"), isNotNull(chatMessages.context)))
        .orderBy(...newestFirst)
        .limit(1);
      return row?.context ?? null;
    },
    /** Inbox rows, newest activity first; `limit + 1` tell whether there is a next page. */
    inbox(f: InboxFilter): Promise<ChatRow[]> {
      const where: SQL[] = [eq(chats.portalId, f.portalId)];
      if (f.mentorId !== undefined) where.push(eq(chats.mentorId, f.mentorId));
      if (f.waitingOnly) where.push(isNotNull(chats.waitingSince), eq(chats.status, "open"));
      if (f.after) {
        const at = ts(f.after.at);
        where.push(or(sql`${chats.lastActivityAt} < ${at}`, and(sql`${chats.lastActivityAt} = ${at}`, lt(chats.id, f.after.id)))!);
      }
      return db
        .select()
        .from(chats)
        .where(and(...where))
        .orderBy(desc(chats.lastActivityAt), desc(chats.id))
        .limit(f.limit + 1);
    },
    /** Every mentor profile of the portal with its load and its user (the back office), oldest first. */
    adminProfiles(portalId: string): Promise<AdminProfileRow[]> {
      return db
        .select({
          p: mentorProfiles,
          openChats: openChatsOf,
          unanswered: unansweredOf,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
          email: users.email,
          roles: users.roles,
        })
        .from(mentorProfiles)
        .innerJoin(users, eq(users.id, mentorProfiles.userId))
        .where(eq(mentorProfiles.portalId, portalId))
        .orderBy(asc(mentorProfiles.createdAt), asc(mentorProfiles.id))
        .then((rows) => rows.map(({ p, ...rest }) => ({ ...p, ...rest })));
    },
    /** Users with the mentor role and no profile on the portal (at most 100, by e-mail). */
    mentorCandidates(portalId: string) {
      return db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username, email: users.email })
        .from(users)
        .where(
          and(
            sql`${users.roles} @> '["mentor"]'::jsonb`,
            sql`not exists (select 1 from ${mentorProfiles} where ${mentorProfiles.userId} = ${users.id} and ${mentorProfiles.portalId} = ${portalId})`,
          ),
        )
        .orderBy(asc(users.email), asc(users.id))
        .limit(100);
    },
    async usersByIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
          email: users.email,
          avatar: users.avatar,
          utm: users.utm,
        })
        .from(users)
        .where(inArray(users.id, ids));
    },
    /**
     * Median minutes from a learner's first unanswered message to the mentor reply that answered it
     * (the wait the reply recorded, `answered_wait_from`), over replies since `since`, per replying
     * mentor (percentile_cont: PostgreSQL and PGlite alike).
     */
    async replyMedians(portalId: string, since: Date): Promise<Map<string, number>> {
      const rows = rowsOf<{ mentor: string; minutes: number | string | null }>(
        await db.execute(sql`
          select r.author_id as mentor,
                 percentile_cont(0.5) within group (order by extract(epoch from (r.created_at - r.answered_wait_from)) / 60) as minutes
          from chat_messages r
          join chats c on c.id = r.chat_id
          where r.author_kind = 'mentor' and c.portal_id = ${portalId} and r.created_at >= ${ts(since)} and r.answered_wait_from is not null
          group by grouping sets ((r.author_id), ())`),
      );
      // The grand total comes back with a null mentor: the portal's own median, under "".
      return new Map(rows.filter((r) => r.minutes !== null).map((r) => [r.mentor ?? "", Math.round(Number(r.minutes))]));
    },
  };
}
export type ChatReads = ReturnType<typeof reads>;

/** Statements that run inside a transaction. */
function writes(tx: Db) {
  return {
    tx,
    ...reads(tx),
    /** The learner's one chat, or null when another request made it first (then read it). */
    async insertChat(row: ChatInsert): Promise<ChatRow | null> {
      const [created] = await tx.insert(chats).values(row).onConflictDoNothing().returning();
      return created ?? null;
    },
    /** A user's profile on the portal: made, or its campaign and availability changed (names only when it has none). */
    async upsertProfile(row: typeof mentorProfiles.$inferInsert): Promise<ProfileRow> {
      const [saved] = await tx
        .insert(mentorProfiles)
        .values(row)
        .onConflictDoUpdate({
          target: [mentorProfiles.portalId, mentorProfiles.userId],
          set: { utmCampaignName: row.utmCampaignName, available: row.available, role: "mentor" },
        })
        .returning();
      return saved!;
    },
    async patchProfile(id: string, patch: Partial<Pick<ProfileRow, "utmCampaignName" | "available">>): Promise<ProfileRow | null> {
      const [row] = await tx.update(mentorProfiles).set(patch).where(eq(mentorProfiles.id, id)).returning();
      return row ?? null;
    },
    async deleteProfile(id: string): Promise<void> {
      await tx.delete(mentorProfiles).where(eq(mentorProfiles.id, id));
    },
    /** The mentor's open chats on the portal go back to the distribution bot (it then reassigns them); their ids. */
    async releaseChats(portalId: string, mentorUserId: string, at: Date): Promise<string[]> {
      const rows = await tx
        .update(chats)
        .set({ mentorId: DISTRIBUTION_BOT_ID, lastActivityAt: at })
        .where(and(eq(chats.portalId, portalId), eq(chats.mentorId, mentorUserId), eq(chats.status, "open")))
        .returning();
      return rows.map((r) => r.id);
    },
    /** The back office's audit row, in the change's transaction. */
    async audit(row: typeof auditLog.$inferInsert): Promise<void> {
      await tx.insert(auditLog).values(row);
    },
    async lockChat(id: string): Promise<ChatRow | null> {
      const [row] = await tx.select().from(chats).where(eq(chats.id, id)).for("update");
      return row ?? null;
    },
    async updateChat(id: string, patch: Partial<ChatInsert>): Promise<ChatRow> {
      const [row] = await tx.update(chats).set(patch).where(eq(chats.id, id)).returning();
      return row!;
    },
    /**
     * A learner wrote: the chat waits since their first unanswered message, is open again, and speaks
     * their language. One statement under the row lock its update takes (concurrent messages to the
     * chat queue here); answers the status the chat had before.
     *
     * FOR NO KEY UPDATE, the lock the update takes anyway, never FOR UPDATE: a concurrent send to this
     * chat holds KEY SHARE on the row from its message's foreign key while its unread trigger waits
     * for our update; FOR UPDATE would wait for that KEY SHARE, and PostgreSQL killed one of the two
     * as a deadlock (500s under load, issue 31). NO KEY UPDATE does not conflict with KEY SHARE.
     */
    async learnerWrote(id: string, at: Date, lang: ChatRow["lang"]): Promise<ChatRow["status"]> {
      const result = await tx.execute(sql`
        update ${chats} set last_message_at = ${ts(at)}, last_activity_at = ${ts(at)},
          waiting_since = coalesce(${chats.waitingSince}, ${ts(at)}), status = 'open', lang = ${lang}
        from (select status from ${chats} where id = ${id} for no key update) as old
        where ${chats.id} = ${id}
        returning old.status as before`);
      return rowsOf<{ before: ChatRow["status"] }>(result)[0]!.before;
    },
    /**
     * A mentor wrote: the chat waits no more. Since when the learner had waited (read under the row lock
     * its update takes) is recorded on the mentor's message, when anyone waited. FOR NO KEY UPDATE
     * for the reason learnerWrote gives.
     */
    async mentorWrote(id: string, messageSeq: number, at: Date): Promise<void> {
      const result = await tx.execute(sql`
        update ${chats} set last_message_at = ${ts(at)}, last_activity_at = ${ts(at)}, waiting_since = null, mentor_digest_at = null
        from (select waiting_since from ${chats} where id = ${id} for no key update) as old
        where ${chats.id} = ${id}
        returning old.waiting_since as waited`);
      const waited = rowsOf<{ waited: Date | string | null }>(result)[0]?.waited;
      if (waited)
        await tx
          .update(chatMessages)
          .set({ answeredWaitFrom: new Date(waited) })
          .where(eq(chatMessages.seq, messageSeq));
    },
    /** Null when a message with this id exists already (a resend, or a clash): the caller reads it. */
    async insertMessage(row: MessageInsert): Promise<MessageRow | null> {
      const [created] = await tx.insert(chatMessages).values(row).onConflictDoNothing({ target: chatMessages.id }).returning();
      return created ?? null;
    },
    async findMessage(id: string): Promise<MessageRow | null> {
      const [row] = await tx.select().from(chatMessages).where(eq(chatMessages.id, id)).limit(1);
      return row ?? null;
    },
    /** Marks unread messages of `kinds` read; returns those that changed. */
    async markRead(chatId: string, ids: string[], kinds: AuthorKind[], at: Date): Promise<MessageRow[]> {
      if (ids.length === 0) return [];
      return tx
        .update(chatMessages)
        .set({ readAt: at })
        .where(and(eq(chatMessages.chatId, chatId), inArray(chatMessages.id, ids), inArray(chatMessages.authorKind, kinds), isNull(chatMessages.readAt)))
        .returning();
    },
    /** Mentor replies to `studentId` among `ids` (read through their notifications), marked read. */
    async markRepliesRead(studentId: string, ids: string[], at: Date): Promise<MessageRow[]> {
      if (ids.length === 0) return [];
      return tx
        .update(chatMessages)
        .set({ readAt: at })
        .where(
          and(
            inArray(chatMessages.id, ids),
            ne(chatMessages.authorKind, "student"),
            isNull(chatMessages.readAt),
            inArray(chatMessages.chatId, tx.select({ id: chats.id }).from(chats).where(eq(chats.studentId, studentId))),
          ),
        )
        .returning();
    },
    async markEmailed(ids: string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await tx.update(chatMessages).set({ emailedAt: at }).where(inArray(chatMessages.id, ids));
    },
    /**
     * One job runner at a time across instances: a transaction-scoped advisory lock, taken or not at
     * once (another instance holding it means this round is theirs).
     */
    async tryJobLock(): Promise<boolean> {
      const [row] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('mentora:chat-jobs')) as ok`));
      return !!row?.ok;
    },
    /** Up to `limit` chats the bot still holds, oldest first (the batch assigned leaves the bot: the next one is the next chats). */
    heldByBot(portalId: string, limit: number): Promise<ChatRow[]> {
      return tx
        .select()
        .from(chats)
        .where(and(eq(chats.portalId, portalId), eq(chats.mentorId, DISTRIBUTION_BOT_ID), eq(chats.status, "open")))
        .orderBy(asc(chats.createdAt), asc(chats.id))
        .limit(limit)
        .for("update", { skipLocked: true });
    },
    /**
     * Up to `limit` chats waiting (since the last re-offer, if any) since before `cutoff`, held by a
     * mentor, oldest first after `after`: a chat no other mentor could take stays as it was, and the
     * next batch starts past it. The cursor keeps the database's own microseconds (a Date has ms).
     */
    async waitingSince(portalId: string, cutoff: Date, limit: number, after?: JobCursor): Promise<{ rows: ChatRow[]; next?: JobCursor }> {
      const rows = await tx
        .select({ chat: chats, at: sql<string>`${chats.waitingSince}::text` })
        .from(chats)
        .where(
          and(
            openWithMentor(portalId),
            isNotNull(chats.waitingSince),
            sql`greatest(${chats.waitingSince}, coalesce(${chats.reofferedAt}, ${chats.waitingSince})) < ${ts(cutoff)}`,
            ...(after ? [sql`(${chats.waitingSince}, ${chats.id}) > (${after.at}::timestamptz, ${after.id})`] : []),
          ),
        )
        .orderBy(asc(chats.waitingSince), asc(chats.id))
        .limit(limit)
        .for("update", { of: chats, skipLocked: true });
      const last = rows.at(-1);
      return { rows: rows.map((r) => r.chat), next: last ? { at: last.at, id: last.chat.id } : undefined };
    },
    /**
     * A batch of chats given to mentors in one statement: each its mentor (`to`), the activity now,
     * and, when `reoffered`, the re-offer time. The chats come back in the order given.
     */
    async assignChats(moves: Array<{ id: string; to: string }>, at: Date, reoffered: boolean): Promise<ChatRow[]> {
      if (moves.length === 0) return [];
      const mentor = sql`case ${chats.id} ${sql.join(
        moves.map((m) => sql`when ${m.id} then ${m.to}`),
        sql` `,
      )} end`;
      const rows = await tx
        .update(chats)
        .set({ mentorId: mentor, lastActivityAt: at, ...(reoffered ? { reofferedAt: at } : {}) })
        .where(
          inArray(
            chats.id,
            moves.map((m) => m.id),
          ),
        )
        .returning();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return moves.map((m) => byId.get(m.id)!);
    },
    /** Several messages in one statement (an assignment batch's system messages); a clashing id is skipped. */
    async insertMessages(rows: MessageInsert[]): Promise<void> {
      if (rows.length === 0) return;
      await tx.insert(chatMessages).values(rows).onConflictDoNothing({ target: chatMessages.id });
    },
    /** Up to `limit` waiting chats no letter has told their mentor about yet (one per waiting period), oldest first. */
    undigestedWaiting(portalId: string, cutoff: Date, limit: number): Promise<ChatRow[]> {
      return tx
        .select()
        .from(chats)
        .where(and(openWithMentor(portalId), isNull(chats.mentorDigestAt), lt(chats.waitingSince, cutoff)))
        .orderBy(asc(chats.waitingSince), asc(chats.id))
        .limit(limit)
        .for("update", { skipLocked: true });
    },
    /** The mentor digest told about these chats: one statement for the whole batch. */
    async markMentorDigested(ids: string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await tx.update(chats).set({ mentorDigestAt: at }).where(inArray(chats.id, ids));
    },
    /** Up to `limit` mentor replies the learner has not read since before `cutoff` and no letter told about, oldest first. */
    unreadReplies(portalId: string, cutoff: Date, limit: number): Promise<Array<MessageRow & { studentId: string; lang: string | null }>> {
      return tx
        .select({ m: chatMessages, studentId: chats.studentId, lang: chats.lang })
        .from(chatMessages)
        .innerJoin(chats, eq(chats.id, chatMessages.chatId))
        .where(
          and(
            eq(chats.portalId, portalId),
            eq(chatMessages.authorKind, "mentor"),
            isNull(chatMessages.readAt),
            isNull(chatMessages.emailedAt),
            lt(chatMessages.createdAt, cutoff),
          ),
        )
        .orderBy(asc(chatMessages.seq))
        .limit(limit)
        .for("update", { of: chatMessages, skipLocked: true })
        .then((rows) => rows.map((r) => ({ ...r.m, studentId: r.studentId, lang: r.lang })));
    },
  };
}
export type ChatTx = ReturnType<typeof writes>;

export function createChatRepo(db: Db) {
  return {
    ...reads(db),
    transaction<T>(work: (w: ChatTx) => Promise<T>): Promise<T> {
      return inTransaction(db, (tx) => work(writes(tx)));
    },
  };
}
export type ChatRepo = ReturnType<typeof createChatRepo>;
