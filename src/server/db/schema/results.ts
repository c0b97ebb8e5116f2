import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { TResultItem } from "../../../domain/results";
import { portals } from "./portal";
import { users } from "./users";

/** Whose a result is and its client-made key: the same columns on both result tables (fresh builders per table). */
const resultOwner = () => ({
  portalId: text("portal_id")
    .notNull()
    .references(() => portals.id, { onDelete: "cascade" }),
  key: text("key").notNull(),
  userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
  sessionId: text("session_id"),
});

/**
 * Quiz and interaction results (issue 13; seed 000 §3 payloads). A result belongs to an account or,
 * for a guest, to the browser's guest session until quiz-results identify gives it to an account.
 * Every send carries a client-made key: a retried send is the same row (unique per portal).
 */
export const quizResults = pgTable(
  "quiz_results",
  {
    /** `qzr_` + 26 base32 characters. */
    id: text("id").primaryKey(),
    ...resultOwner(),
    email: text("email"),
    /** `page:{alias}` or `{model}:{id}`: the page the quiz block is on. */
    dialogId: text("dialog_id").notNull(),
    /** The quiz block's id. */
    msgId: text("msg_id").notNull(),
    text: text("text"),
    variants: jsonb("variants").$type<TResultItem[]>().notNull(),
    answers: jsonb("answers").$type<TResultItem[]>().notNull(),
    /** The chosen variant ids, checked against the block: what the aggregate counts. */
    answerIds: jsonb("answer_ids").$type<string[]>().notNull(),
    multiple: boolean("multiple").notNull(),
    /** Graded on the server; null for a poll. */
    passed: boolean("passed"),
    categoryId: text("category_id"),
    elementId: text("element_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("quiz_results_key").on(t.portalId, t.key),
    index("quiz_results_quiz").on(t.portalId, t.dialogId, t.msgId, t.createdAt),
    index("quiz_results_session").on(t.portalId, t.sessionId),
    index("quiz_results_user").on(t.userId),
    check("quiz_results_owner", sql`${t.userId} is not null or ${t.sessionId} is not null`),
  ],
);

export const interactionResults = pgTable(
  "interaction_results",
  {
    /** `itr_` + 26 base32 characters. */
    id: text("id").primaryKey(),
    ...resultOwner(),
    type: text("type").notNull(),
    componentId: text("component_id").notNull(),
    componentName: text("component_name").notNull(),
    variants: jsonb("variants").$type<TResultItem[]>().notNull(),
    answers: jsonb("answers").$type<TResultItem[]>().notNull(),
    passed: boolean("passed").notNull(),
    multiple: boolean("multiple").notNull(),
    courseId: text("course_id").notNull(),
    elementId: text("element_id").notNull(),
    dialogId: text("dialog_id"),
    text: text("text"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("interaction_results_key").on(t.portalId, t.key),
    index("interaction_results_element").on(t.portalId, t.elementId, t.createdAt),
    index("interaction_results_session").on(t.portalId, t.sessionId),
    index("interaction_results_user").on(t.userId),
  ],
);
