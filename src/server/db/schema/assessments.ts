import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { TTestDefinition } from "../../../domain/assessment/definition";
import { ATTEMPT_STATUSES } from "../../../domain/assessment/public";
import { elements } from "./courses";
import { users } from "./users";

/**
 * Tests that grade (issue 13). A test element's definition (questions with their correct answers,
 * pass mark, verification, retake policy, question bank) is stored with the element and never
 * leaves the server as it is; learners' attempts, their answers and the results they make.
 */
export const elementTests = pgTable("element_tests", {
  elementId: text("element_id")
    .primaryKey()
    .references(() => elements.id, { onDelete: "cascade" }),
  definition: jsonb("definition").$type<TTestDefinition>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const testAttempts = pgTable(
  "test_attempts",
  {
    /** `tat_` + random. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    elementId: text("element_id")
      .notNull()
      .references(() => elements.id, { onDelete: "cascade" }),
    courseId: text("course_id").notNull(),
    /** 1, 2, ... per learner and element. */
    number: integer("number").notNull(),
    status: text("status", { enum: ATTEMPT_STATUSES }).notNull().default("in-progress"),
    /** The language the attempt was taken in: the learner's notification about a mentor's grading uses it. */
    lang: text("lang").notNull().default("en"),
    /** The drawn questions, in the order shown. */
    questionIds: jsonb("question_ids").$type<string[]>().notNull(),
    score: integer("score"),
    passed: boolean("passed"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    gradedAt: timestamp("graded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("test_attempts_number").on(t.userId, t.elementId, t.number),
    // One attempt in progress per learner and test: parallel starts make one.
    uniqueIndex("test_attempts_one_open")
      .on(t.userId, t.elementId)
      .where(sql`${t.status} = 'in-progress'`),
    index("test_attempts_element").on(t.elementId, t.status),
    // The dashboard (issue 16): pass rates of a range, and learners who failed a test twice.
    index("test_attempts_submitted")
      .on(t.submittedAt)
      .where(sql`${t.passed} is not null`),
    index("test_attempts_failed")
      .on(t.submittedAt)
      .where(sql`${t.passed} = false`),
    check("test_attempts_score_range", sql`${t.score} is null or (${t.score} >= 0 and ${t.score} <= 100)`),
  ],
);

/**
 * One answer per question of an attempt (the primary key makes a second answer a conflict). Free-text
 * answers of a mentor-verified test wait here (correct null) until a mentor reviews them.
 */
export const testAnswers = pgTable(
  "test_answers",
  {
    attemptId: text("attempt_id")
      .notNull()
      .references(() => testAttempts.id, { onDelete: "cascade" }),
    questionId: text("question_id").notNull(),
    elementId: text("element_id").notNull(),
    variants: jsonb("variants").$type<string[]>().notNull().default([]),
    text: text("text"),
    correct: boolean("correct"),
    /** Time from the previous answer (or the attempt's start) to this one. */
    durationMs: integer("duration_ms").notNull().default(0),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
    /** Waiting for a mentor: set when the attempt is submitted; cleared by the review. */
    awaitingReview: boolean("awaiting_review").notNull().default(false),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewComment: text("review_comment"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.questionId] }),
    index("test_answers_stats").on(t.elementId, t.questionId),
    index("test_answers_review_queue")
      .on(t.answeredAt)
      .where(sql`${t.awaitingReview}`),
  ],
);

/** Seed 000 §3 test result: made once per submitted attempt (the unique attempt id). */
export const testResults = pgTable(
  "test_results",
  {
    id: text("id").primaryKey(),
    attemptId: text("attempt_id")
      .notNull()
      .references(() => testAttempts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    elementId: text("element_id").notNull(),
    dialogId: text("dialog_id").notNull(),
    msgId: text("msg_id").notNull(),
    text: text("text").notNull(),
    variants: jsonb("variants").$type<string[]>().notNull(),
    categoryId: text("category_id").notNull(),
    sessionId: text("session_id"),
    email: text("email"),
    answers: jsonb("answers").$type<Array<{ questionId: string; variants: string[]; text: string | null }>>().notNull(),
    multiple: boolean("multiple").notNull(),
    passed: boolean("passed"),
    score: integer("score").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("test_results_attempt").on(t.attemptId), index("test_results_session").on(t.sessionId), index("test_results_user").on(t.userId)],
);
