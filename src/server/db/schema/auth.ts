import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Sign-in: sessions, one-time tokens, identities at providers, redirect and messenger logins, app secrets. */

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
  (t) => [
    uniqueIndex("sessions_refresh").on(t.refreshHash),
    index("sessions_previous").on(t.previousHash),
    index("sessions_user").on(t.userId),
    // Instances load the revocations of the last access-token lifetime at start and after a lost bus (docs/decisions/0029).
    index("sessions_revoked_at")
      .on(t.revokedAt)
      .where(sql`${t.revokedAt} is not null`),
  ],
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
    /**
     * email-verify: the guest session of the browser that asked for the address (its cookie). When the
     * address is verified, that session's results join the account, wherever the link is opened.
     */
    guestSession: text("guest_session"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("one_time_tokens_user").on(t.userId, t.kind)],
);

/** Secrets generated at first start and shared by every instance on this database. */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
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
