import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { PAGE_KINDS, type TPageDocument } from "../../../domain/studio-pages";
import { environments } from "./portal";

/**
 * The page designer's storage (issue 15, docs/decisions/0048). Readers keep reading `pages` (one row
 * per language); the designer edits one document per alias here:
 * - `page_drafts`: at most one draft per alias, its revision raised by every save (optimistic locking);
 * - `page_versions`: every published document, numbered per alias, for history and restore.
 * Authors are kept as ids without a foreign key: the record outlives the account. An alias is a page's
 * (or system page's) or a template's (`kind`, docs/decisions/0061): a policy category has both.
 */
export const pageDrafts = pgTable(
  "page_drafts",
  {
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PAGE_KINDS }).notNull().default("page"),
    alias: text("alias").notNull(),
    modelName: text("model_name"),
    modelId: text("model_id"),
    document: jsonb("document").$type<TPageDocument>().notNull(),
    revision: integer("revision").notNull(),
    savedBy: text("saved_by").notNull(),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "page_drafts_pk", columns: [t.environmentId, t.kind, t.alias] })],
);

export const pageVersions = pgTable(
  "page_versions",
  {
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PAGE_KINDS }).notNull().default("page"),
    alias: text("alias").notNull(),
    version: integer("version").notNull(),
    modelName: text("model_name"),
    modelId: text("model_id"),
    document: jsonb("document").$type<TPageDocument>().notNull(),
    publishedBy: text("published_by").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "page_versions_pk", columns: [t.environmentId, t.kind, t.alias, t.version] })],
);
