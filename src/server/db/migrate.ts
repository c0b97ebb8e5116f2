import { readFileSync } from "node:fs";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";

/**
 * Applies the checked-in migrations (docs/decisions/0068), in drizzle's own bookkeeping
 * (drizzle.__drizzle_migrations: hash, created_at = the journal's `when`) so drizzle-kit keeps
 * working, with three things drizzle's migrator does not do:
 * - a database that has a migration this build does not know (migrated by a newer version) is
 *   refused before anything is run, naming that migration;
 * - a failing statement is reported with its migration's file and the database's error;
 * - each migration's file name is kept (drizzle.mentora_migration_names), so an older build can
 *   name a newer one.
 * All pending migrations run in one transaction (as drizzle's do): a failure leaves the database as it was.
 */

export interface KnownMigration {
  /** File name, e.g. 0028_course_covers.sql. */
  name: string;
  hash: string;
  createdAt: number;
  statements: string[];
}

/** What the migrator needs of a database: plain SQL, and a transaction over one connection. */
export interface MigrationTarget {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  transaction<T>(work: (tx: Pick<MigrationTarget, "query"> & { exec(sql: string): Promise<void> }) => Promise<T>): Promise<T>;
}

export class NewerDatabaseError extends Error {
  override name = "NewerDatabaseError";
}

export class MigrationFailedError extends Error {
  override name = "MigrationFailedError";
  constructor(
    readonly file: string,
    readonly dbError: string,
  ) {
    super(`migration ${file} failed: ${dbError}; nothing was changed (the migrations run in one transaction)`);
  }
}

export function knownMigrations(folder: string): KnownMigration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((e, i) => ({ name: `${e.tag}.sql`, hash: files[i].hash, createdAt: files[i].folderMillis, statements: files[i].sql }));
}

interface AppliedRow {
  hash: string;
  created_at: string | number;
}

async function tableExists(db: Pick<MigrationTarget, "query">, name: string): Promise<boolean> {
  const [row] = await db.query<{ present: boolean }>("select to_regclass($1) is not null as present", [name]);
  return row.present;
}

/** The applied migrations this build does not know, by name when a newer build recorded it. */
async function unknownApplied(db: Pick<MigrationTarget, "query">, known: KnownMigration[]): Promise<string[]> {
  if (!(await tableExists(db, "drizzle.__drizzle_migrations"))) return [];
  const applied = await db.query<AppliedRow>("select hash, created_at from drizzle.__drizzle_migrations order by created_at");
  const knownAt = new Set(known.map((k) => k.createdAt));
  const unknown = applied.filter((r) => !knownAt.has(Number(r.created_at)));
  if (unknown.length === 0) return [];
  const names = new Map<number, string>();
  if (await tableExists(db, "drizzle.mentora_migration_names")) {
    for (const r of await db.query<{ created_at: string | number; name: string }>("select created_at, name from drizzle.mentora_migration_names")) {
      names.set(Number(r.created_at), r.name);
    }
  }
  return unknown.map((r) => names.get(Number(r.created_at)) ?? `of ${new Date(Number(r.created_at)).toISOString()} (hash ${r.hash.slice(0, 12)})`);
}

export async function runMigrations(db: MigrationTarget, folder: string): Promise<{ applied: string[] }> {
  const known = knownMigrations(folder);
  const unknown = await unknownApplied(db, known);
  if (unknown.length > 0) {
    throw new NewerDatabaseError(
      `the database was migrated by a newer version of Mentora: it has migration ${unknown[0]}${unknown.length > 1 ? ` and ${unknown.length - 1} more` : ""}, which this build does not know; start that version (or restore a backup)`,
    );
  }
  return db.transaction(async (tx) => {
    await tx.exec(`create schema if not exists drizzle;
      create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint);
      create table if not exists drizzle.mentora_migration_names (created_at bigint primary key, name text not null);`);
    // Under the transaction again: another instance may have migrated since (PostgreSQL starts also take an advisory lock).
    const [last] = await tx.query<{ created_at: string | number | null }>("select max(created_at) as created_at from drizzle.__drizzle_migrations");
    const lastAt = last?.created_at == null ? -Infinity : Number(last.created_at);
    const applied: string[] = [];
    for (const m of known.filter((k) => k.createdAt > lastAt)) {
      for (const statement of m.statements) {
        if (statement.trim() === "") continue;
        try {
          await tx.exec(statement);
        } catch (e) {
          throw new MigrationFailedError(m.name, (e as Error).message);
        }
      }
      await tx.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [m.hash, m.createdAt]);
      applied.push(m.name);
    }
    await tx.query(
      "insert into drizzle.mentora_migration_names (created_at, name) select * from unnest($1::bigint[], $2::text[]) on conflict (created_at) do nothing",
      [known.map((m) => m.createdAt), known.map((m) => m.name)],
    );
    return { applied };
  });
}
