import { readFileSync } from "node:fs";
import path from "node:path";
import { MIGRATIONS_DIR } from "../db/client";
import type { SqlTarget } from "./sql-target";

export interface MigrationLevel {
  count: number;
  lastTag: string | null;
  lastWhen: number | null;
}

interface Journal {
  entries: Array<{ idx: number; when: number; tag: string }>;
}

/** The migrations this build carries (drizzle-kit's journal). */
export function buildMigrationLevel(dir = MIGRATIONS_DIR): MigrationLevel & { tags: Map<number, string> } {
  const journal = JSON.parse(readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as Journal;
  const last = journal.entries.at(-1);
  return {
    count: journal.entries.length,
    lastTag: last?.tag ?? null,
    lastWhen: last?.when ?? null,
    tags: new Map(journal.entries.map((e) => [e.when, e.tag])),
  };
}

/**
 * What a database has applied: drizzle's migrator records each migration's journal `when` as
 * `created_at` and applies those after the latest, so the latest is the level.
 */
export async function appliedMigrationLevel(target: SqlTarget): Promise<MigrationLevel> {
  const exists = await target.rows<{ n: number }>(
    "select count(*)::int as n from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations'",
  );
  if (!exists[0]?.n) return { count: 0, lastTag: null, lastWhen: null };
  const [row] = await target.rows<{ n: number; last: string | null }>(
    "select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations",
  );
  const lastWhen = row?.last ? Number(row.last) : null;
  return { count: row?.n ?? 0, lastTag: lastWhen === null ? null : (buildMigrationLevel().tags.get(lastWhen) ?? null), lastWhen };
}
