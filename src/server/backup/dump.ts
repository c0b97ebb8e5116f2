import { execFile } from "node:child_process";
import type { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import { BackupError } from "./errors";

/** Owners and grants name roles of the source server; the target's own role owns what it restores. */
const DUMP_ARGS = ["--no-owner", "--no-privileges"];

/**
 * Makes the dump load on PostgreSQL 15 (the production floor) and in PGlite alike:
 * - psql's `\restrict` guards (pg_dump from the 2025 minor releases on) are psql commands, not SQL:
 *   neither PGlite's exec nor a driver runs them (pglite-tools drops them from its own output too);
 * - `SET transaction_timeout` exists from PostgreSQL 17 (PGlite is 18): 15 and 16 reject the line.
 */
export function portableDump(sql: string): string {
  return sql
    .replace(/^\\(?:un)?restrict\b.*\r?\n?/gm, "")
    .replace(/^SET transaction_timeout = 0;\r?$/m, "-- SET transaction_timeout = 0; (PostgreSQL 17 and later only: left out so 15 and 16 load this file)");
}

/** A plain SQL dump of an open PGlite (WASM pg_dump of @electric-sql/pglite-tools, INSERTs, no COPY). */
export async function dumpPglite(pglite: PGlite): Promise<string> {
  const file = await pgDump({ pg: pglite, args: DUMP_ARGS });
  return portableDump(await file.text());
}

/**
 * A plain SQL dump of a PostgreSQL database by the `pg_dump` on PATH (its major must be the server's
 * or newer). INSERTs rather than COPY: PGlite's exec cannot read COPY's data from stdin.
 */
export function dumpPostgres(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile("pg_dump", [...DUMP_ARGS, "--inserts", "--dbname", url], { maxBuffer: 2 ** 31 - 1, encoding: "utf8" }, (err, stdout, stderr) => {
      if (err) {
        const missing = (err as NodeJS.ErrnoException).code === "ENOENT";
        reject(new BackupError(missing ? "pg_dump is not installed (needed to back up DATABASE_URL)" : `pg_dump failed: ${stderr.trim() || err.message}`));
      } else resolve(portableDump(stdout));
    });
  });
}
