import type { Db } from "./client";

/**
 * Runs `work` in one transaction on either driver. PGlite's and pg's drizzle handles take the same
 * callback, but the union type `Db` hides that from TypeScript; this is the one place that says so.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return (db as unknown as { transaction: (fn: (tx: Db) => Promise<T>) => Promise<T> }).transaction(work);
}
