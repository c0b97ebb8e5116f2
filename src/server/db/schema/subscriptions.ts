import { pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { environments } from "./portal";

/**
 * E-mail subscriptions from subscribe blocks: one row per e-mail and topic in an environment, so
 * subscribing again changes nothing. The e-mail is stored trimmed and lowercased.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    topic: text("topic").notNull(),
    /** The page language at subscription: letters are written in it. */
    lang: text("lang").notNull(),
    /** The block the visitor subscribed from. */
    source: text("source"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("subscriptions_env_topic_email").on(t.environmentId, t.topic, t.email)],
);
