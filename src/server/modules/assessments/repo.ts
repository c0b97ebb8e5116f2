import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { TTestDefinition } from "../../../domain/assessment/definition";
import type { Db } from "../../db/client";
import { inTransaction } from "../../db/transaction";
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

export function createAssessmentsRepo(db: Db) {
  return {
    ...queries(db),
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
