import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { TLocalized } from "../../../domain/portal";
import { courses } from "./courses";
import { users } from "./users";

/**
 * Certificates of finished courses (issue 13, docs/decisions/0037): one per learner and course (the
 * unique index settles parallel finishes), with what they said when issued: the learner's name and the
 * course title per language are copied, so a later rename changes no certificate.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: text("id").primaryKey(),
    /** The public number ("MNT-" and 16 characters of crypto randomness): the verification page's key. */
    number: text("number").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: text("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    learnerName: text("learner_name").notNull(),
    courseTitle: jsonb("course_title").$type<TLocalized>().notNull(),
    /** The language the learner finished in: the PDF's language unless another is asked for. */
    lang: text("lang").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    revokedBy: text("revoked_by"),
  },
  (t) => [
    uniqueIndex("certificates_number").on(t.number),
    uniqueIndex("certificates_user_course").on(t.userId, t.courseId),
    index("certificates_course").on(t.courseId),
    check("certificates_revocation", sql`(${t.revokedAt} is null) = (${t.revokedReason} is null)`),
    check("certificates_expiry_after_issue", sql`${t.expiresAt} is null or ${t.expiresAt} > ${t.issuedAt}`),
  ],
);
