import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Rate-limit counters shared by every app instance on this database (docs/decisions/0028): one row
 * per counted key (a route and a client address, or a named per-account limit and an account), a
 * fixed window. Rows whose window has ended are swept periodically.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    resetsAt: timestamp("resets_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_resets_at").on(t.resetsAt)],
);
