import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { CHAT_MODES, CHAT_STATUSES, MENTOR_ROLES, type TChatContext } from "../../../domain/chat";
import { NOTIFICATION_TYPES } from "../../../domain/notification";
import { portals } from "./portal";
import { users } from "./users";

/**
 * Mentor chat and notifications (issue 12, docs/decisions/0033). A learner has one chat per portal;
 * messages are ordered by `seq`, which is also the paging cursor. Message ids are made by the client,
 * so a resend of the same id is recognised by the unique index and never stored twice.
 */

/** Seed §3 "Mentor profile": a mentor's public face on one portal. */
export const mentorProfiles = pgTable(
  "mentor_profiles",
  {
    /** `mnt_...` */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    portalId: text("portal_id")
      .notNull()
      .references(() => portals.id, { onDelete: "cascade" }),
    role: text("role", { enum: MENTOR_ROLES }).notNull().default("mentor"),
    /** Names and bios per language; the reader's language, else the portal's primary one. */
    names: jsonb("names").$type<Record<string, string>>().notNull().default({}),
    bios: jsonb("bios").$type<Record<string, string>>().notNull().default({}),
    avatarUrl: text("avatar_url"),
    /** Learners who arrived with this utm_campaign are connected to this mentor. */
    utmCampaignName: text("utm_campaign_name"),
    available: boolean("available").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("mentor_profiles_portal_user").on(t.portalId, t.userId), index("mentor_profiles_campaign").on(t.portalId, t.utmCampaignName)],
);

/** Leader-set rules of the chat service, per portal (defaults: CHAT_TIMERS). */
export const chatSettings = pgTable("chat_settings", {
  portalId: text("portal_id")
    .primaryKey()
    .references(() => portals.id, { onDelete: "cascade" }),
  assignment: text("assignment", { enum: ["learner-chooses", "mentor-chooses", "single"] })
    .notNull()
    .default("learner-chooses"),
  reofferAfterMinutes: integer("reoffer_after_minutes").notNull().default(240),
  mentorDigestAfterMinutes: integer("mentor_digest_after_minutes").notNull().default(60),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Seed §3 "Chat": one per learner and portal. */
export const chats = pgTable(
  "chats",
  {
    /** `cht_` + 26 base32 characters. */
    id: text("id").primaryKey(),
    portalId: text("portal_id")
      .notNull()
      .references(() => portals.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The assigned mentor's user id, or DISTRIBUTION_BOT_ID while the bot holds the chat. */
    mentorId: text("mentor_id"),
    mode: text("mode", { enum: CHAT_MODES }).notNull(),
    status: text("status", { enum: CHAT_STATUSES }).notNull().default("open"),
    /** The learner's language as last seen (letters, notification titles, system messages by default). */
    lang: text("lang"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    /** Inbox order: the last message, assignment or status change. */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    /** The learner's oldest message not yet answered by a mentor; null when answered. */
    waitingSince: timestamp("waiting_since", { withTimezone: true }),
    /** When the chat was last offered to another mentor (re-offer job), within this waiting period. */
    reofferedAt: timestamp("reoffered_at", { withTimezone: true }),
    /** When the mentors were last told by letter about this waiting period (mentor digest). */
    mentorDigestAt: timestamp("mentor_digest_at", { withTimezone: true }),
    /**
     * Unread messages for each side and the seq of the newest (null with none), kept by the database's
     * own triggers on chat_messages (migration 0029, decision 0074): the unread check reads these
     * instead of counting messages, whatever a mentor holds. The mentor's side follows the chat to
     * whoever mentors it.
     */
    studentUnread: integer("student_unread").notNull().default(0),
    studentUnreadSeq: bigint("student_unread_seq", { mode: "number" }),
    staffUnread: integer("staff_unread").notNull().default(0),
    staffUnreadSeq: bigint("staff_unread_seq", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("chats_portal_student").on(t.portalId, t.studentId),
    index("chats_portal_activity").on(t.portalId, t.lastActivityAt),
    index("chats_mentor").on(t.mentorId, t.status),
    // The unread check: a mentor's chats with unread messages, newest unread first.
    index("chats_staff_unread")
      .on(t.mentorId, t.staffUnreadSeq)
      .where(sql`${t.staffUnread} > 0`),
    // The dashboard (issue 16): chats waiting past the promise.
    index("chats_portal_waiting")
      .on(t.portalId, t.waitingSince)
      .where(sql`${t.status} = 'open' and ${t.waitingSince} is not null`),
  ],
);

/**
 * Each person's unread figures over all their chats on a portal (both sides summed), kept by a
 * trigger on chats from the chats' own counters (migration 0032, decision 0074): the unread check
 * reads one row for its totals whatever a mentor holds.
 */
export const chatUnreadTotals = pgTable(
  "chat_unread_totals",
  {
    portalId: text("portal_id").notNull(),
    userId: text("user_id").notNull(),
    messages: integer("messages").notNull().default(0),
    chats: integer("chats").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.portalId, t.userId] })],
);

/** Seed §3 "Chat message". */
export const chatMessages = pgTable(
  "chat_messages",
  {
    /** The cursor: messages of a chat in the order they were stored. */
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    /** `lpmmsg:...`, made by the client (system messages: by the server). */
    id: text("id").notNull(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** The author's user id, or SYSTEM_PARTICIPANT_ID. */
    authorId: text("author_id").notNull(),
    authorKind: text("author_kind", { enum: ["student", "mentor", "system"] }).notNull(),
    /** As typed (trimmed); never HTML. Empty for system messages, which render from their key. */
    text: text("text").notNull(),
    systemKey: text("system_key"),
    systemParams: jsonb("system_params").$type<Record<string, string>>(),
    context: jsonb("context").$type<TChatContext>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Read by the other side. */
    readAt: timestamp("read_at", { withTimezone: true }),
    /** Told about in a digest letter. */
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    /**
     * A mentor's message that answered a waiting learner: since when the learner had waited (the chat's
     * waiting_since when the message was sent). The dashboard's answer times read it (decision 0063).
     */
    answeredWaitFrom: timestamp("answered_wait_from", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("chat_messages_id").on(t.id),
    index("chat_messages_chat_seq").on(t.chatId, t.seq),
    // The dashboard's answer times (issue 16): mentors' messages of a range.
    index("chat_messages_mentor_created")
      .on(t.createdAt)
      .where(sql`${t.authorKind} = 'mentor'`),
    index("chat_messages_unread")
      .on(t.chatId, t.authorKind)
      .where(sql`${t.readAt} is null`),
    check("chat_messages_system", sql`(${t.authorKind} = 'system') = (${t.systemKey} is not null)`),
  ],
);

/** Seed §3 "Notification". */
export const notifications = pgTable(
  "notifications",
  {
    /** `ntf_` + 26 base32 characters. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    avatar: text("avatar"),
    link: text("link"),
    /** The chat message it tells about: reading one reads the other. */
    sourceMessageId: text("source_message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
  },
  (t) => [index("notifications_user").on(t.userId, t.createdAt), uniqueIndex("notifications_source").on(t.sourceMessageId)],
);
