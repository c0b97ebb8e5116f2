import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** One database session a backup reads from or a restore writes to: PGlite or a PostgreSQL client. */
export interface SqlTarget {
  kind: "pglite" | "postgres";
  rows<T>(sql: string): Promise<T[]>;
  /** Runs a script of many statements as one simple query: one implicit transaction on either kind. */
  script(sql: string): Promise<void>;
  close(): Promise<void>;
}

export function pgliteTarget(pglite: PGlite, { closeWith = false } = {}): SqlTarget {
  return {
    kind: "pglite",
    rows: async <T>(sql: string) => (await pglite.query<T>(sql)).rows,
    script: async (sql) => {
      await pglite.exec(sql);
    },
    close: async () => {
      if (closeWith) await pglite.close();
    },
  };
}

/** A session of its own (never a pooled one): the dump sets session settings such as search_path. */
export async function postgresTarget(url: string): Promise<SqlTarget> {
  const client = new pg.Client({ connectionString: url, application_name: "mentora-restore", connectionTimeoutMillis: 5_000 });
  await client.connect();
  return {
    kind: "postgres",
    rows: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    script: async (sql) => {
      await client.query(sql);
    },
    close: () => client.end(),
  };
}

/** Rows per table of the schemas a Mentora database has (public and drizzle's), as "schema.table". */
export async function tableCounts(target: SqlTarget): Promise<Record<string, number>> {
  const tables = await target.rows<{ s: string; t: string }>(
    "select table_schema as s, table_name as t from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2",
  );
  if (tables.length === 0) return {};
  const quote = (v: string) => `"${v.replaceAll('"', '""')}"`;
  const literal = (v: string) => `'${v.replaceAll("'", "''")}'`;
  const union = tables.map(({ s, t }) => `select ${literal(`${s}.${t}`)} as name, count(*)::int as n from ${quote(s)}.${quote(t)}`).join(" union all ");
  const counted = await target.rows<{ name: string; n: number }>(union);
  return Object.fromEntries(counted.map((r) => [r.name, r.n]));
}
