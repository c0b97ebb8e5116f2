import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { portals } from "./portal";

/** Accounts and their place on a portal. */

/** Accounts: registered learners, anonymous-username accounts and temporary sessions (status 'session'). */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    status: text("status", { enum: ["active", "session"] }).notNull(),
    roles: jsonb("roles").$type<string[]>().notNull().default([]),
    email: text("email"),
    phone: text("phone"),
    username: text("username"),
    passwordHash: text("password_hash"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    avatar: jsonb("avatar").$type<{ url: string; thumbnails?: Record<string, string> } | null>(),
    complete: boolean("complete").notNull().default(false),
    registered: timestamp("registered", { withTimezone: true }),
    /** Registration answers beyond the core fields (age, additional, ...). */
    extra: jsonb("extra").$type<Record<string, string>>().notNull().default({}),
    deletion: jsonb("deletion").$type<Array<{ environmentId: string; profileId: string; at: string }>>().notNull().default([]),
    learningEnvironments: jsonb("learning_environments").$type<string[]>().notNull().default([]),
    gdprPortals: jsonb("gdpr_portals").$type<Array<{ learningPortalId: string; cookies: Record<string, "granted" | "denied"> }>>().notNull().default([]),
    utm: jsonb("utm").$type<Array<Record<string, string>>>().notNull().default([]),
    orderedCourses: jsonb("ordered_courses").$type<string[]>().notNull().default([]),
    links: jsonb("links").$type<string[]>().notNull().default([]),
    chatV2: jsonb("chat_v2").$type<Array<{ chatId: string; learningPortalId: string }>>().notNull().default([]),
    mentorId: text("mentor_id"),
    teamId: text("team_id"),
    /** When `email` was proven to belong to the learner (a verification link, or a provider that vouches); null = unverified. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** A new address asked for in the profile: it replaces `email` only once its link is opened. Not unique. */
    pendingEmail: text("pending_email"),
    /** Blocked by the back office (issue 16): no sign-in, and its access tokens are refused; null = not blocked. */
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email").on(t.email), uniqueIndex("users_username").on(t.username), uniqueIndex("users_phone").on(t.phone)],
);

/** Learners registered on a portal ({portalId}/disciples/{userId}). */
export const portalDisciples = pgTable(
  "portal_disciples",
  {
    portalId: text("portal_id")
      .notNull()
      .references(() => portals.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    utm: jsonb("utm").$type<Array<Record<string, string>>>().notNull().default([]),
    registeredAt: timestamp("registered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The dashboard's new learners per day (issue 16, docs/benchmarks-dashboard.md).
  (t) => [primaryKey({ columns: [t.portalId, t.userId] }), index("portal_disciples_registered").on(t.portalId, t.registeredAt)],
);

/** Progress record {portalId}:{userId}; the progress capability fills `data`. */
export const progressRecords = pgTable("progress_records", {
  id: text("id").primaryKey(),
  portalId: text("portal_id")
    .notNull()
    .references(() => portals.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
