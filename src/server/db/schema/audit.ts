import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { TAuditSummary } from "../../../domain/studio";
import { portals } from "./portal";

/**
 * Who changed what in the creator studio, and when (issue 15). A row is written in the transaction of
 * the change it records, so there is never a change without its row nor a row without its change.
 * The summary names fields and languages, never whole texts. The actor is kept as an id without a
 * foreign key: the record outlives the account.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    /** Storage order: newest first and the paging cursor. */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    portalId: text("portal_id")
      .notNull()
      .references(() => portals.id, { onDelete: "cascade" }),
    actorId: text("actor_id").notNull(),
    /** `{entity}.{verb}`, e.g. course.create. */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    summary: jsonb("summary").$type<TAuditSummary>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_portal").on(t.portalId, t.id), index("audit_log_entity").on(t.portalId, t.entityType, t.entityId, t.id)],
);
