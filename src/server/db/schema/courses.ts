import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { ALIGN_CONTENT, COURSE_TYPES, CURRENCIES, NO_CATEGORY } from "../../../domain/course";
import { ELEMENT_STATES, ELEMENT_TYPES } from "../../../domain/element";
import { MICROCOURSE_ACCESS_TYPES } from "../../../domain/microcourse";
import type { TLocalized } from "../../../domain/portal";
import type { THistoryEntry, TVariableValue } from "../../../domain/progress";
import { portals } from "./portal";
import { progressRecords, users } from "./users";

/**
 * Learning content and progress (seed 000 §3). Texts that differ per language are jsonb maps
 * { lang: text }, like portal titles; page content (course, element and microcourse pages) lives in
 * the pages table, bound by model name and id.
 */
export const courses = pgTable(
  "courses",
  {
    id: text("id").primaryKey(),
    portalId: text("portal_id")
      .notNull()
      .references(() => portals.id, { onDelete: "cascade" }),
    type: text("type", { enum: COURSE_TYPES }).notNull().default("free"),
    arbitraryWalkthrough: boolean("arbitrary_walkthrough").notNull().default(false),
    /** False: guests and session users may open its free lessons and webinars. */
    requiresRegistration: boolean("requires_registration").notNull().default(false),
    title: jsonb("title").$type<TLocalized>().notNull(),
    description: jsonb("description").$type<TLocalized>().notNull().default({}),
    cover: text("cover"),
    /** Per-language overrides of `cover` { lang: url } (decision 0062): a language without one shows `cover`. */
    covers: jsonb("covers").$type<TLocalized>().notNull().default({}),
    /** Minutes. */
    duration: integer("duration").notNull().default(0),
    price: numeric("price", { precision: 12, scale: 2, mode: "number" }),
    currency: text("currency", { enum: CURRENCIES }),
    categoryId: text("category_id").notNull().default(NO_CATEGORY),
    categoryTitle: jsonb("category_title").$type<TLocalized>().notNull().default({}),
    pageAlias: text("page_alias"),
    published: boolean("published").notNull().default(false),
    hidden: boolean("hidden").notNull().default(false),
    /** Team ids that see the course with onlyMyGroups; empty = everyone. */
    groups: jsonb("groups").$type<string[]>().notNull().default([]),
    buttonText: jsonb("button_text").$type<TLocalized>().notNull().default({}),
    buttonTextBuy: jsonb("button_text_buy").$type<TLocalized>().notNull().default({}),
    alignContent: text("align_content", { enum: ALIGN_CONTENT }).notNull().default("center"),
    index: integer("index").notNull().default(0),
    /** sha256 of the creator preview secret; null turns preview off. */
    previewSecretHash: text("preview_secret_hash"),
    /** A certificate is issued to learners who finish the course (modules/certificates). */
    certificateEnabled: boolean("certificate_enabled").notNull().default(false),
    /** Months a certificate stays valid after its issue; null = it does not expire. */
    certificateValidityMonths: integer("certificate_validity_months"),
    dateCreated: timestamp("date_created", { withTimezone: true }).notNull().defaultNow(),
    /** Bumped when the course or its elements change; progress upgrades compare against it. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The catalogue's keyset order (issue 30): a page reads from its cursor on, whatever the catalogue holds.
    index("courses_catalogue_order").on(t.portalId, t.published, t.hidden, t.index, t.dateCreated.desc().nullsFirst(), t.id),
    // Whether any course of a portal is for some teams only (the catalogue skips the viewer's team when none is).
    index("courses_with_groups")
      .on(t.portalId)
      .where(sql`${t.groups} <> '[]'::jsonb`),
    // The portal's first course in the studio's order (the dashboard's funnel by default).
    index("courses_portal_order").on(t.portalId, t.index, t.id),
    check("courses_paid_has_price", sql`${t.type} = 'free' or (${t.price} is not null and ${t.currency} is not null)`),
    check("courses_price_not_negative", sql`${t.price} is null or ${t.price} >= 0`),
    check("courses_certificate_validity", sql`${t.certificateValidityMonths} is null or ${t.certificateValidityMonths} between 1 and 1200`),
  ],
);

export const elements = pgTable(
  "elements",
  {
    id: text("id").primaryKey(),
    courseId: text("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    type: text("type", { enum: ELEMENT_TYPES }).notNull(),
    title: jsonb("title").$type<TLocalized>().notNull(),
    duration: integer("duration").notNull().default(0),
    cover: text("cover"),
    number: integer("number").notNull(),
    index: integer("index").notNull(),
    visible: boolean("visible").notNull().default(true),
    pattern: text("pattern"),
    discussionId: text("discussion_id"),
    discussionActive: boolean("discussion_active").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("elements_course_order").on(t.courseId, t.index),
    // A discussion's thread is found by its id (modules/discussions).
    index("elements_discussion").on(t.discussionId),
  ],
);

export const microcourses = pgTable(
  "microcourses",
  {
    id: text("id").primaryKey(),
    portalId: text("portal_id")
      .notNull()
      .references(() => portals.id, { onDelete: "cascade" }),
    type: text("type", { enum: ELEMENT_TYPES }).notNull(),
    title: jsonb("title").$type<TLocalized>().notNull(),
    description: jsonb("description").$type<TLocalized>().notNull().default({}),
    cover: text("cover"),
    duration: integer("duration").notNull().default(0),
    accessType: text("access_type", { enum: MICROCOURSE_ACCESS_TYPES }),
    pageAlias: text("page_alias"),
    bots: jsonb("bots").$type<string[]>().notNull().default([]),
    courseId: text("course_id").references(() => courses.id, { onDelete: "set null" }),
    index: integer("index").notNull().default(0),
    number: integer("number").notNull().default(1),
    visible: boolean("visible").notNull().default(true),
    published: boolean("published").notNull().default(false),
    hidden: boolean("hidden").notNull().default(false),
    groups: jsonb("groups").$type<string[]>().notNull().default([]),
    dateCreated: timestamp("date_created", { withTimezone: true }).notNull().defaultNow(),
  },
  // The list's keyset order (issue 30): a page reads from its cursor on, whatever the list holds.
  (t) => [index("microcourses_list_order").on(t.portalId, t.published, t.hidden, t.index, t.number, t.id)],
);

export const videoEvents = pgTable("video_events", {
  id: text("id").primaryKey(),
  portalId: text("portal_id")
    .notNull()
    .references(() => portals.id, { onDelete: "cascade" }),
  title: jsonb("title").$type<TLocalized>().notNull(),
  description: jsonb("description").$type<TLocalized>().notNull().default({}),
  cover: text("cover"),
  pageAlias: text("page_alias"),
  published: boolean("published").notNull().default(false),
  dateCreated: timestamp("date_created", { withTimezone: true }).notNull().defaultNow(),
});

export const videoEventEpisodes = pgTable(
  "video_event_episodes",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => videoEvents.id, { onDelete: "cascade" }),
    title: jsonb("title").$type<TLocalized>().notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    videoUrl: text("video_url"),
    index: integer("index").notNull().default(0),
  },
  (t) => [index("video_event_episodes_event").on(t.eventId, t.startDate)],
);

/** Reviews are written in one language each; lists filter by it. */
export const reviews = pgTable(
  "reviews",
  {
    id: text("id").primaryKey(),
    courseId: text("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    lang: text("lang").notNull(),
    author: text("author").notNull(),
    avatar: text("avatar"),
    rating: integer("rating").notNull(),
    text: text("text").notNull(),
    published: boolean("published").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("reviews_course").on(t.courseId, t.lang, t.createdAt), check("reviews_rating_range", sql`${t.rating} between 1 and 5`)],
);

/** A learner's progress in one course, under the progress record {portalId}:{userId}. */
export const courseProgress = pgTable(
  "course_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: text("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    recordId: text("record_id")
      .notNull()
      .references(() => progressRecords.id, { onDelete: "cascade" }),
    /** The stored current element the opened-element marker starts from. */
    currentElementId: text("current_element_id"),
    variables: jsonb("variables").$type<Record<string, TVariableValue>>().notNull().default({}),
    upgradedAt: timestamp("upgraded_at", { withTimezone: true }),
    /**
     * When the learner's last finish completed the course (every visible element done); kept when the
     * course grows and set again when they complete it again (decision 0063).
     */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index("course_progress_record").on(t.recordId),
    // The dashboard (issue 16): enrolments and completions of a range per course, and the newest idle enrolments first.
    index("course_progress_course_created").on(t.courseId, t.createdAt),
    index("course_progress_course_completed").on(t.courseId, t.completedAt),
    index("course_progress_updated").on(t.updatedAt),
    // A learner's courses page by page, newest activity first (GET /api/progress keyset, issue 30).
    index("course_progress_user_updated").on(t.userId, t.updatedAt, t.courseId),
  ],
);

/** A learner's record of one element: state, started (set once), finished, history, percent. */
export const elementProgress = pgTable(
  "element_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: text("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    elementId: text("element_id")
      .notNull()
      .references(() => elements.id, { onDelete: "cascade" }),
    state: text("state", { enum: ELEMENT_STATES }).notNull(),
    started: timestamp("started", { withTimezone: true }),
    finished: timestamp("finished", { withTimezone: true }),
    percent: integer("percent").notNull().default(0),
    history: jsonb("history").$type<THistoryEntry[]>().notNull().default([]),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.elementId] }),
    index("element_progress_course").on(t.userId, t.courseId),
    // The dashboard's completions (issue 16): elements finished within a range, per course.
    index("element_progress_course_finished")
      .on(t.courseId, t.finished)
      .where(sql`${t.state} = 'done'`),
    // ... and whether such a learner finished every visible element of it: read from the index alone.
    index("element_progress_done")
      .on(t.userId, t.courseId, t.elementId, t.finished)
      .where(sql`${t.state} = 'done'`),
    check("element_progress_percent_range", sql`${t.percent} between 0 and 100`),
  ],
);
