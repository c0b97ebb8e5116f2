import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { type SQLChunk, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Database, Db } from "../../db/client";

/**
 * Once the database is closed, a query is answered with no result instead of failing: pg-boss may
 * still record a job's end after its graceful stop returned (Manager.fail/complete, awaited by nobody
 * we can reach), which would be an unhandled rejection. The job then stays active, expires and is
 * retried. A result without rows is what those read as "nothing affected" (mapCommandResponse).
 */
const CLOSED = { rows: undefined as unknown as [] };

/**
 * pg-boss's way into our database (its `db` option, docs/decisions/0070): the app's own pool on
 * PostgreSQL, the app's one embedded session on PGlite, so the queue opens no connection of its own.
 * pg-boss sends its locked work as one text of several statements (BEGIN; …; COMMIT;) with no
 * values: PGlite takes those only through exec, whose last result is the one pg-boss reads. PGlite
 * runs one statement or exec at a time and holds a drizzle transaction's session for all of it, so
 * such a text never lands inside the app's transactions.
 */
export function sqlAdapter(database: Database): PgBoss.Db {
  if (database.kind === "postgres") {
    const pool = database.db.$client as pg.Pool;
    // `ending` is set by end() at once, `ended` only once its clients are gone.
    const closing = () => pool.ended || (pool as pg.Pool & { ending?: boolean }).ending === true;
    return { executeSql: async (text, values) => (closing() ? CLOSED : pool.query(text, values)) };
  }
  const client = database.db.$client as PGlite;
  return {
    async executeSql(text, values) {
      if (client.closed) return CLOSED;
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

/**
 * pg-boss's way into a drizzle transaction (`send`'s `db` option, docs/decisions/0073): its text's
 * `$n` placeholders become drizzle parameters, so the statement runs on the transaction's own
 * connection (PostgreSQL) or inside its session (PGlite) and commits or rolls back with it. Both
 * drivers answer `execute` with the `rows` pg-boss reads.
 */
export function transactionAdapter(tx: Db): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const chunks: SQLChunk[] = [];
      let at = 0;
      for (const m of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(at, m.index)), sql.param(values[Number(m[1]) - 1] ?? null));
        at = m.index + m[0].length;
      }
      chunks.push(sql.raw(text.slice(at)));
      return (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
    },
  };
}
