import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable } from "drizzle-orm/pg-core";

/**
 * The content version (platform/content-version.ts): one row, raised by one in the transaction of
 * every content write (portal settings, pages, courses, elements, microcourses, video events, forms).
 * Caches of content are keyed by it; instances hear a raise over the bus.
 */
export const contentVersion = pgTable(
  "content_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("content_version_one_row", sql`${t.id} = 1`)],
);
