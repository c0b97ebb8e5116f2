import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { TBlock } from "../../domain/page";
import type { TEnvironmentSettings, TLocalized, TPortal } from "../../domain/portal";

export const portals = pgTable("portals", {
  id: text("id").primaryKey(),
  parentId: text("parent_id"),
  type: text("type", { enum: ["mono", "other"] }).notNull().default("other"),
  title: jsonb("title").$type<TLocalized>().notNull(),
  i18n: jsonb("i18n").$type<TPortal["i18n"]>().notNull(),
  favicon: text("favicon"),
  lessonLoadIcon: jsonb("lesson_load_icon").$type<{ url: string } | null>(),
  registration: jsonb("registration").$type<TPortal["registration"]>().notNull(),
  authMigration: boolean("auth_migration").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const environments = pgTable("environments", {
  id: text("id").primaryKey(),
  portalId: text("portal_id")
    .notNull()
    .references(() => portals.id, { onDelete: "cascade" }),
  theme: jsonb("theme").$type<TEnvironmentSettings["theme"]>().notNull(),
  logo: jsonb("logo").$type<TLocalized>().notNull(),
  contacts: jsonb("contacts").$type<TEnvironmentSettings["contacts"]>().notNull(),
  socials: jsonb("socials").$type<TEnvironmentSettings["socials"]>().notNull(),
  navigation: jsonb("navigation").$type<TEnvironmentSettings["navigation"]>().notNull(),
  seo: jsonb("seo").$type<TEnvironmentSettings["seo"]>().notNull(),
  integrations: jsonb("integrations").$type<TEnvironmentSettings["integrations"]>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const pages = pgTable(
  "pages",
  {
    id: text("id").primaryKey(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    lang: text("lang").notNull(),
    alias: text("alias").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    keywords: text("keywords"),
    image: text("image"),
    noindex: boolean("noindex").notNull().default(false),
    published: boolean("published").notNull().default(false),
    template: text("template"),
    type: text("type", { enum: ["page", "template", "system"] }).notNull().default("page"),
    modelName: text("model_name"),
    modelId: text("model_id"),
    index: integer("index").notNull().default(0),
    components: jsonb("components").$type<TBlock[]>().notNull().default([]),
    edited: timestamp("edited", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("pages_env_type_alias_lang").on(t.environmentId, t.type, t.alias, t.lang),
    index("pages_model").on(t.environmentId, t.modelName, t.modelId),
  ],
);

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email").on(t.email), uniqueIndex("users_username").on(t.username), uniqueIndex("users_phone").on(t.phone)],
);

/**
 * One row per sign-in (a refresh-token family). The access token names the session, so logout
 * and password reset end it at once; refresh tokens rotate and a reused one ends the family.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    refreshHash: text("refresh_hash").notNull(),
    /** The hash of the token this one replaced: presenting it again means it was stolen. */
    previousHash: text("previous_hash"),
    method: text("method").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("sessions_refresh").on(t.refreshHash), index("sessions_previous").on(t.previousHash), index("sessions_user").on(t.userId)],
);

/** Single-use tokens: password reset, quick sign-in and e-mail verification links. Only hashes are stored. */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    hash: text("hash").primaryKey(),
    kind: text("kind", { enum: ["password-reset", "quick", "email-verify"] }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** email-verify: the address the link proves; a link for an address since replaced proves nothing. */
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("one_time_tokens_user").on(t.userId, t.kind)],
);

/** Mail that was not sent over SMTP (no SMTP_URL): listed on the /{lang}/dev page. */
export const mailOutbox = pgTable("mail_outbox", {
  id: text("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Secrets generated at first start and shared by every instance on this database. */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

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
  (t) => [primaryKey({ columns: [t.portalId, t.userId] })],
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

/** Accounts at identity providers, keyed by provider and the provider's user id (OIDC `sub`). */
export const identities = pgTable(
  "identities",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index("identities_user").on(t.userId)],
);

/** A redirect login in progress: one-time state with its PKCE verifier, nonce and return address. */
export const oauthFlows = pgTable("oauth_flows", {
  state: text("state").primaryKey(),
  provider: text("provider").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  returnTo: text("return_to").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A messenger sign-in in progress (docs/decisions/0009): the code the visitor sends to the bot and
 * the browser's flow secret, both stored only as SHA-256. The bot's webhook confirms the code with
 * the messenger user; the browser holding the flow secret then completes the sign-in once.
 */
export const messengerConnects = pgTable(
  "messenger_connects",
  {
    id: text("id").primaryKey(),
    messenger: text("messenger").notNull(),
    codeHash: text("code_hash").notNull(),
    flowHash: text("flow_hash").notNull(),
    returnTo: text("return_to").notNull(),
    /** A signed-in visitor connecting a messenger to the account (links instead of signing in). */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    messengerUserId: text("messenger_user_id"),
    messengerName: text("messenger_name"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("messenger_connects_code").on(t.codeHash), uniqueIndex("messenger_connects_flow").on(t.flowHash)],
);

/** Dynamic forms, data sources and their records. */
export * from "./schema-forms";

/** Courses, elements, microcourses, video events, reviews and learner progress. */
export * from "./schema-courses";

/** E-mail subscriptions from subscribe blocks. */
export * from "./schema-subscriptions";
