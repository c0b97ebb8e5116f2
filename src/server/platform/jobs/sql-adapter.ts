import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type PgBoss from "pg-boss";
import type { Database } from "../../db/client";

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
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const client = database.db.$client as PGlite;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}
