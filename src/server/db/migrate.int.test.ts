/**
 * The migrator (migrate.ts) on both databases: a failed migration names its file and the database's
 * error and changes nothing; a database migrated by a newer build is refused, naming the migration.
 * Newer and broken builds are this build's migrations folder plus one more file.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../../tests/setup/databases";
import { MIGRATIONS_DIR, type Database } from "./client";
import { MigrationFailedError, NewerDatabaseError, knownMigrations } from "./migrate";

const folders: string[] = [];
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** This build's migrations and one more, `tag`.sql, made of `statements`. */
function folderWith(tag: string, statements: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), "mentora-migrations-"));
  folders.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ idx: number; when: number; tag: string }> };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  writeFileSync(journalPath, JSON.stringify(journal));
  writeFileSync(path.join(dir, `${tag}.sql`), statements.join("\n--> statement-breakpoint\n"));
  return dir;
}

async function scalar<T>(database: Database, sql: string): Promise<T> {
  const { rows } = (await database.db.execute(sql)) as unknown as { rows: Array<{ v: T }> };
  return rows[0].v;
}

const KNOWN = knownMigrations(MIGRATIONS_DIR).length;

for (const kind of databaseKinds()) {
  describe(`migrations on ${kind}`, () => {
    const opened: TestDatabase[] = [];
    afterAll(async () => {
      for (const t of opened) await t.dispose();
    });
    const open = async () => {
      const t = await openTestDatabase(kind);
      opened.push(t);
      return t.database;
    };

    it("a failing migration names its file and the database's error, and leaves the database as it was", async () => {
      const database = await open();
      const broken = folderWith("0999_broken", ["create table broken_half (id int)", "alter table no_such_table add column x int"]);
      const failure = await database.migrate(broken).then(
        () => null,
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(MigrationFailedError);
      expect((failure as MigrationFailedError).file).toBe("0999_broken.sql");
      expect((failure as Error).message).toMatch(/^migration 0999_broken\.sql failed: relation "no_such_table" does not exist/);
      // The first statement was rolled back with the second; nothing was recorded.
      expect(await scalar(database, "select to_regclass('public.broken_half') is null as v")).toBe(true);
      expect(await scalar(database, "select count(*)::int as v from drizzle.__drizzle_migrations")).toBe(KNOWN);
      // And this build's migrations still apply cleanly (nothing pending).
      await database.migrate();
      expect(await scalar(database, "select count(*)::int as v from drizzle.__drizzle_migrations")).toBe(KNOWN);
    });

    it("a database migrated by a newer build is refused before anything runs, naming the newer migration", async () => {
      const database = await open();
      await database.migrate(folderWith("0999_newer_feature", ["create table newer_feature (id int)"]));
      expect(await scalar(database, "select count(*)::int as v from drizzle.__drizzle_migrations")).toBe(KNOWN + 1);
      await expect(database.migrate()).rejects.toThrow(NewerDatabaseError);
      await expect(database.migrate()).rejects.toThrow(
        /^the database was migrated by a newer version of Mentora: it has migration 0999_newer_feature\.sql, which this build does not know/,
      );
      // A newer build that kept no names (drizzle's own migrator) is named by its date and hash.
      await database.db.execute("delete from drizzle.mentora_migration_names where name = '0999_newer_feature.sql'");
      await expect(database.migrate()).rejects.toThrow(/it has migration of \d{4}-\d\d-\d\dT[\d:.]+Z \(hash [0-9a-f]{12}\)/);
      expect(await scalar(database, "select count(*)::int as v from drizzle.__drizzle_migrations")).toBe(KNOWN + 1);
    });
  });
}
