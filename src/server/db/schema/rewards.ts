import { index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { TAwardDefinition, TCourseGift } from "../../../domain/rewards";
import { courses } from "./courses";
import { portals } from "./portal";
import { users } from "./users";

/**
 * Awards and completion gifts (issue 13, docs/decisions/0038). A portal defines its awards; a learner
 * holds each at most once (the primary key), however many events or instances grant it at once. A
 * course's gift lives beside the course; a learner receives it at most once.
 */

export const awards = pgTable(
  "awards",
  {
    id: text("id").notNull(),
    portalId: text("portal_id")
      .notNull()
      .references(() => portals.id, { onDelete: "cascade" }),
    /** The whole definition (title, description, badge, rule), checked by ZAwardDefinition when written. */
    definition: jsonb("definition").$type<TAwardDefinition>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.portalId, t.id] })],
);

export const userAwards = pgTable(
  "user_awards",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    portalId: text("portal_id").notNull(),
    awardId: text("award_id").notNull(),
    /** The course whose event earned it (the award-popup's courseId). */
    courseId: text("course_id"),
    earnedAt: timestamp("earned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.portalId, t.awardId] })],
);

export const courseGifts = pgTable("course_gifts", {
  courseId: text("course_id")
    .primaryKey()
    .references(() => courses.id, { onDelete: "cascade" }),
  gift: jsonb("gift").$type<TCourseGift>().notNull(),
});

export const giftReceipts = pgTable(
  "gift_receipts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: text("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** The gift as it was given (a later change of the course's gift does not rewrite it). */
    gift: jsonb("gift").$type<TCourseGift>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index("gift_receipts_user").on(t.userId, t.receivedAt)],
);
