import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { TTestDefinition } from "../../../domain/assessment/definition";
import type { TAuditSummary } from "../../../domain/studio";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { inTransaction } from "../../db/transaction";
import { changeContent } from "../../platform/content-version";
import { elementTests, testAnswers, testAttempts, testResults } from "../../db/schema/assessments";
import { users } from "../../db/schema/users";

export type AttemptRow = typeof testAttempts.$inferSelect;
export type AnswerRow = typeof testAnswers.$inferSelect;
export type ResultRow = typeof testResults.$inferSelect;
type Handle = Pick<Db, "select" | "insert" | "update" | "delete">;

function queries(db: Handle) {
  return {
    async definition(elementId: string): Promise<TTestDefinition | null> {
      const [row] = await db.select().from(elementTests).where(eq(elementTests.elementId, elementId));
      return row?.definition ?? null;
    },
    async saveDefinition(elementId: string, definition: TTestDefinition): Promise<void> {
      await db
        .insert(elementTests)
        .values({ elementId, definition })
        .onConflictDoUpdate({ target: elementTests.elementId, set: { definition, updatedAt: new Date() } });
    },
    /** The editor's read: the definition and the time of its last save (its revision). */
    async testRow(elementId: string): Promise<{ definition: TTestDefinition; updatedAt: Date } | null> {
      const [row] = await db
        .select({ definition: elementTests.definition, updatedAt: elementTests.updatedAt })
        .from(elementTests)
        .where(eq(elementTests.elementId, elementId));
      return row ?? null;
    },
    /** Who saved the test last, by its newest audit row (null when no save was audited: the demo seed's). */
    async lastSaver(elementId: string): Promise<{ id: string; name: string } | null> {
      const [row] = await db
        .select({ id: auditLog.actorId, name: personName })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(and(eq(auditLog.entityType, "test"), eq(auditLog.entityId, elementId)))
        .orderBy(desc(auditLog.id))
        .limit(1);
      return row ? { id: row.id, name: row.name ?? "" } : null;
    },
    attempts(userId: string, elementId: string): Promise<AttemptRow[]> {
      return db
        .select()
        .from(testAttempts)
        .where(and(eq(testAttempts.userId, userId), eq(testAttempts.elementId, elementId)))
        .orderBy(asc(testAttempts.number));
    },
    async attempt(id: string): Promise<AttemptRow | null> {
      const [row] = await db.select().from(testAttempts).where(eq(testAttempts.id, id));
      return row ?? null;
    },
    /** Inserts unless the learner already has this number or an open attempt (parallel starts make one). */
    async insertAttempt(row: typeof testAttempts.$inferInsert): Promise<boolean> {
      const rows = await db.insert(testAttempts).values(row).onConflictDoNothing().returning();
      return rows.length === 1;
    },
    answers(attemptId: string): Promise<AnswerRow[]> {
      return db.select().from(testAnswers).where(eq(testAnswers.attemptId, attemptId)).orderBy(asc(testAnswers.answeredAt));
    },
    async insertAnswer(row: typeof testAnswers.$inferInsert): Promise<boolean> {
      const rows = await db.insert(testAnswers).values(row).onConflictDoNothing().returning();
      return rows.length === 1;
    },
    async passedAny(userId: string, elementId: string): Promise<boolean> {
      const rows = await db
        .select({ id: testAttempts.id })
        .from(testAttempts)
        .where(and(eq(testAttempts.userId, userId), eq(testAttempts.elementId, elementId), eq(testAttempts.passed, true)))
        .limit(1);
      return rows.length > 0;
    },
    /** How often each question was drawn for the learner before (unseen first). */
    async seenCounts(userId: string, elementId: string): Promise<Record<string, number>> {
      const out: Record<string, number> = {};
      for (const a of await this.attempts(userId, elementId)) for (const q of a.questionIds) out[q] = (out[q] ?? 0) + 1;
      return out;
    },
    async result(attemptId: string): Promise<ResultRow | null> {
      const [row] = await db.select().from(testResults).where(eq(testResults.attemptId, attemptId));
      return row ?? null;
    },
    async insertResult(row: typeof testResults.$inferInsert): Promise<void> {
      await db.insert(testResults).values(row).onConflictDoNothing();
    },
    resultsOf(userId: string): Promise<ResultRow[]> {
      return db.select().from(testResults).where(eq(testResults.userId, userId)).orderBy(desc(testResults.createdAt));
    },
    /** test-results identify: the caller's results of that session (or without an e-mail yet) get the e-mail. */
    async identify(userId: string, sessionId: string, email: string): Promise<number> {
      const rows = await db
        .update(testResults)
        .set({ email })
        .where(and(eq(testResults.userId, userId), sql`(${testResults.sessionId} = ${sessionId} or ${testResults.email} is null)`))
        .returning();
      return rows.length;
    },
    /** A guest's session became an account: its results without an e-mail get the account's. */
    async fillEmail(userId: string, email: string): Promise<number> {
      const rows = await db
        .update(testResults)
        .set({ email })
        .where(and(eq(testResults.userId, userId), sql`${testResults.email} is null`))
        .returning();
      return rows.length;
    },
    /** Statistics: every answer given to the questions of a test. */
    answersOfElement(elementId: string): Promise<AnswerRow[]> {
      return db.select().from(testAnswers).where(eq(testAnswers.elementId, elementId));
    },
    /** The mentors' queue: free-text answers awaiting review, oldest first. */
    reviewQueue(limit: number) {
      return db
        .select({
          answer: testAnswers,
          attempt: testAttempts,
          learner: { id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username },
        })
        .from(testAnswers)
        .innerJoin(testAttempts, eq(testAttempts.id, testAnswers.attemptId))
        .innerJoin(users, eq(users.id, testAttempts.userId))
        .where(eq(testAnswers.awaitingReview, true))
        .orderBy(asc(testAnswers.answeredAt))
        .limit(limit);
    },
    async markAwaitingReview(attemptId: string, questionIds: string[]): Promise<void> {
      if (questionIds.length === 0) return;
      await db
        .update(testAnswers)
        .set({ awaitingReview: true })
        .where(and(eq(testAnswers.attemptId, attemptId), inArray(testAnswers.questionId, questionIds)));
    },
  };
}

const personName = sql<string | null>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.username}, ${users.email})`;

/** Who authors a test change: its audit row names them. */
export interface TestAuthor {
  portalId: string;
  actorId: string;
}

/** Writes of a test's definition by an author (the studio's editor and the import), inside a content change. */
function testWrites(tx: Db, author: TestAuthor) {
  return {
    ...queries(tx),
    /** Holds the test's row until the change commits: saves of one test queue; null when there is none yet. */
    async lockTest(elementId: string): Promise<{ updatedAt: Date } | null> {
      const [row] = await tx.select({ updatedAt: elementTests.updatedAt }).from(elementTests).where(eq(elementTests.elementId, elementId)).for("update");
      return row ?? null;
    },
    /** The first definition of an element; null when a parallel save made it first. */
    async insertTest(elementId: string, definition: TTestDefinition): Promise<Date | null> {
      const rows = await tx
        .insert(elementTests)
        .values({ elementId, definition, updatedAt: sql`date_trunc('milliseconds', now())` })
        .onConflictDoNothing()
        .returning();
      return rows[0]?.updatedAt ?? null;
    },
    /** Replaces the definition; the new revision is later than the old by a millisecond at least. */
    async replaceTest(elementId: string, definition: TTestDefinition): Promise<Date> {
      const [row] = await tx
        .update(elementTests)
        .set({ definition, updatedAt: sql`date_trunc('milliseconds', greatest(now(), ${elementTests.updatedAt} + interval '1 millisecond'))` })
        .where(eq(elementTests.elementId, elementId))
        .returning();
      return row!.updatedAt;
    },
    async audit(entry: { action: "test.update" | "test.import"; entityId: string; summary: TAuditSummary }): Promise<void> {
      await tx.insert(auditLog).values({ ...author, entityType: "test", ...entry });
    },
  };
}
export type TestWrites = ReturnType<typeof testWrites>;

export function createAssessmentsRepo(db: Db) {
  return {
    ...queries(db),
    /**
     * One change of a test by an author: the definition, its audit row and the content version bump
     * commit together (platform/content-version.ts); throwing rolls all back.
     */
    changeTest<T>(author: TestAuthor, work: (w: TestWrites) => Promise<T>): Promise<T> {
      return changeContent(db, (tx) => work(testWrites(tx, author)));
    },
    /** A transaction; the attempt row is locked first, so answers and submissions of one attempt queue up. */
    transaction<T>(work: (tx: AssessmentsTx) => Promise<T>): Promise<T> {
      return inTransaction(db, (tx) => work(txQueries(tx)));
    },
  };
}

function txQueries(tx: Db) {
  return {
    ...queries(tx),
    /** The transaction itself, for another module's statements that commit with ours (a notification). */
    raw: tx,
    async lockAttempt(id: string): Promise<AttemptRow | null> {
      const [row] = await tx.select().from(testAttempts).where(eq(testAttempts.id, id)).for("update");
      return row ?? null;
    },
    async updateAttempt(id: string, patch: Partial<typeof testAttempts.$inferInsert>): Promise<void> {
      await tx.update(testAttempts).set(patch).where(eq(testAttempts.id, id));
    },
    async review(attemptId: string, questionId: string, patch: { correct: boolean; reviewedBy: string; reviewComment: string; reviewedAt: Date }) {
      await tx
        .update(testAnswers)
        .set({ ...patch, awaitingReview: false })
        .where(and(eq(testAnswers.attemptId, attemptId), eq(testAnswers.questionId, questionId)));
    },
    async setResultPassed(attemptId: string, passed: boolean, score: number): Promise<void> {
      await tx.update(testResults).set({ passed, score }).where(eq(testResults.attemptId, attemptId));
    },
  };
}
export type AssessmentsTx = ReturnType<typeof txQueries>;
export type AssessmentsRepo = ReturnType<typeof createAssessmentsRepo>;
