import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { interactionResults, quizResults } from "../../db/schema/results";

export type QuizResultRow = typeof quizResults.$inferSelect;
export type QuizResultInsert = typeof quizResults.$inferInsert;
export type InteractionResultRow = typeof interactionResults.$inferSelect;
export type InteractionResultInsert = typeof interactionResults.$inferInsert;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The only place that queries the results tables (issue 13). */
export function createResultsRepo(db: Db) {
  return {
    /** The new row, or null when the key was used already (a retried or parallel send). */
    async insertQuiz(row: QuizResultInsert): Promise<QuizResultRow | null> {
      const [inserted] = await db
        .insert(quizResults)
        .values(row)
        .onConflictDoNothing({ target: [quizResults.portalId, quizResults.key] })
        .returning();
      return inserted ?? null;
    },
    async quizByKey(portalId: string, key: string): Promise<QuizResultRow | null> {
      const [row] = await db
        .select()
        .from(quizResults)
        .where(and(eq(quizResults.portalId, portalId), eq(quizResults.key, key)));
      return row ?? null;
    },
    /**
     * Each learner (or guest session) once, with their latest answer: how many chose each variant,
     * and how many were counted.
     */
    async quizAggregate(portalId: string, dialogId: string, msgId: string): Promise<{ total: number; counts: Map<string, number> }> {
      const latest = sql`(
        select distinct on (coalesce(${quizResults.userId}, 's:' || ${quizResults.sessionId})) ${quizResults.answerIds} as answer_ids
        from ${quizResults}
        where ${quizResults.portalId} = ${portalId} and ${quizResults.dialogId} = ${dialogId} and ${quizResults.msgId} = ${msgId}
        order by coalesce(${quizResults.userId}, 's:' || ${quizResults.sessionId}), ${quizResults.createdAt} desc, ${quizResults.id} desc
      )`;
      // One statement: the total and the per-variant counts come from the same snapshot.
      const rows = rowsOf<{ id: string | null; n: number | string }>(
        await db.execute(sql`
          with latest as ${latest}
          select null as id, count(*)::int as n from latest
          union all
          select a.id, count(*)::int from latest, jsonb_array_elements_text(latest.answer_ids) as a(id) group by a.id`),
      );
      const counts = new Map<string, number>();
      let total = 0;
      for (const r of rows) {
        if (r.id === null) total = Number(r.n);
        else counts.set(r.id, Number(r.n));
      }
      return { total, counts };
    },
    async insertInteraction(row: InteractionResultInsert): Promise<InteractionResultRow | null> {
      const [inserted] = await db
        .insert(interactionResults)
        .values(row)
        .onConflictDoNothing({ target: [interactionResults.portalId, interactionResults.key] })
        .returning();
      return inserted ?? null;
    },
    async interactionByKey(portalId: string, key: string): Promise<InteractionResultRow | null> {
      const [row] = await db
        .select()
        .from(interactionResults)
        .where(and(eq(interactionResults.portalId, portalId), eq(interactionResults.key, key)));
      return row ?? null;
    },
    /** A guest session's results become the account's; returns the quiz results moved and their quizzes. */
    async attachSession(portalId: string, sessionId: string, userId: string): Promise<{ dialogId: string; msgId: string }[]> {
      const moved = await db
        .update(quizResults)
        .set({ userId })
        .where(and(eq(quizResults.portalId, portalId), eq(quizResults.sessionId, sessionId), isNull(quizResults.userId)))
        .returning();
      await db
        .update(interactionResults)
        .set({ userId })
        .where(and(eq(interactionResults.portalId, portalId), eq(interactionResults.sessionId, sessionId), isNull(interactionResults.userId)));
      return moved.map((r) => ({ dialogId: r.dialogId, msgId: r.msgId }));
    },
  };
}
export type ResultsRepo = ReturnType<typeof createResultsRepo>;
