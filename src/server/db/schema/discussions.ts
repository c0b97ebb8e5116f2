import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { elements } from "./courses";
import { portals } from "./portal";
import { users } from "./users";

/**
 * Discussions per course element (issue 14, docs/decisions/0043). The discussion itself is the
 * element's `discussion_id` / `discussion_active` (cached content); these tables hold what people
 * write in it. Post ids are made by the client, so a retried post is recognised by the unique index.
 */

/** A post (parent_id null) or a reply to one (one level only). */
export const discussionPosts = pgTable(
  "discussion_posts",
  {
    /** Storage order: replies of a post are shown in it; the mentors' lists page by it. */
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    /** `dpost:...`, made by the client; a constraint (not only an index) so reports can reference it. */
    id: text("id").notNull().unique("discussion_posts_id"),
    portalId: text("portal_id")
      .notNull()
      .references(() => portals.id, { onDelete: "cascade" }),
    discussionId: text("discussion_id").notNull(),
    elementId: text("element_id")
      .notNull()
      .references(() => elements.id, { onDelete: "cascade" }),
    courseId: text("course_id").notNull(),
    /** The top-level post this replies to; null for a top-level post. */
    parentId: text("parent_id"),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Whether the author wrote as a mentor (mentor, mp-leader, mp-admin, admin): the badge. */
    authorKind: text("author_kind", { enum: ["learner", "mentor"] }).notNull(),
    /** As typed (trimmed); never HTML. Emptied when its author deletes it. */
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Top-level posts: the newest of the post and its replies (thread order). */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    /** Top-level learners' posts: when a mentor first replied; null while it waits. */
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: text("hidden_by"),
    hiddenReason: text("hidden_reason"),
    pinnedAt: timestamp("pinned_at", { withTimezone: true }),
  },
  (t) => [
    index("discussion_posts_thread")
      .on(t.discussionId, t.lastActivityAt, t.seq)
      .where(sql`${t.parentId} is null`),
    index("discussion_posts_replies").on(t.parentId, t.seq),
    index("discussion_posts_waiting")
      .on(t.portalId, t.seq)
      .where(sql`${t.parentId} is null and ${t.answeredAt} is null and ${t.authorKind} = 'learner'`),
    index("discussion_posts_author").on(t.authorId, t.discussionId),
    check("discussion_posts_hidden_reason", sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
  ],
);

/** The popup's "started" flag: a learner posted in the discussion, or someone replied to them there. */
export const discussionParticipants = pgTable(
  "discussion_participants",
  {
    discussionId: text("discussion_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.discussionId] })],
);

/** A learner's report of a post; one per reporter and post (reporting again changes nothing). */
export const discussionReports = pgTable(
  "discussion_reports",
  {
    /** `drep_` + 26 base32 characters. */
    id: text("id").primaryKey(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    portalId: text("portal_id")
      .notNull()
      .references(() => portals.id, { onDelete: "cascade" }),
    postId: text("post_id")
      .notNull()
      .references(() => discussionPosts.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by"),
  },
  (t) => [uniqueIndex("discussion_reports_once").on(t.postId, t.reporterId), index("discussion_reports_portal").on(t.portalId, t.seq)],
);

/**
 * Who follows a thread (docs/decisions/0044): a row per person and discussion. An explicit unfollow
 * is kept as `following = false`, so posting again does not follow the thread behind their back.
 */
export const discussionFollows = pgTable(
  "discussion_follows",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    discussionId: text("discussion_id").notNull(),
    portalId: text("portal_id")
      .notNull()
      .references(() => portals.id, { onDelete: "cascade" }),
    following: boolean("following").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.discussionId] }),
    index("discussion_follows_thread")
      .on(t.discussionId)
      .where(sql`${t.following}`),
  ],
);

/**
 * A person's discussion e-mails: how often (off, each post, daily, weekly; no row = daily), the
 * language of the letters, and up to when the last letter covered posts.
 */
export const discussionDigests = pgTable("discussion_digests", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  period: text("period", { enum: ["off", "each", "daily", "weekly"] })
    .notNull()
    .default("daily"),
  /** The reader's language when they last followed or chose (a letter's language when the portal has it). */
  lang: text("lang"),
  /** Posts after this are news; a letter moves it to the end of the window it covered. */
  coveredUntil: timestamp("covered_until", { withTimezone: true }).notNull().defaultNow(),
});
