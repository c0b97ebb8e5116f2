import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Outgoing mail kept when there is no SMTP server. */

/** Mail that was not sent over SMTP (no SMTP_URL): listed on the /{lang}/dev page. */
export const mailOutbox = pgTable("mail_outbox", {
  id: text("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
