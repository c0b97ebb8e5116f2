import { readFileSync } from "node:fs";
import path from "node:path";
import { MIGRATIONS_DIR } from "../../src/server/db/client";

/**
 * The data statement of a migration, the one after its "-- backfill" comment: tests and benchmarks run
 * it on rows they made after migrating, so the SQL that ships is the SQL they check and time.
 */
export function migrationBackfill(name: string): string {
  const text = readFileSync(path.join(MIGRATIONS_DIR, `${name}.sql`), "utf8");
  const at = text.indexOf("-- backfill");
  if (at < 0) throw new Error(`${name}.sql has no "-- backfill" statement`);
  return text.slice(at).split("--> statement-breakpoint")[0]!;
}
