import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { TDataSourceField, TStoredFormField } from "../../../domain/forms";
import type { TLocalized } from "../../../domain/portal";
import { environments } from "./portal";

/** A data source: a named collection of records (its plural is the API name) with typed fields. */
export const dataSources = pgTable(
  "data_sources",
  {
    id: text("id").primaryKey(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    plural: text("plural").notNull(),
    fields: jsonb("fields").$type<TDataSourceField[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("data_sources_env_plural").on(t.environmentId, t.plural)],
);

/** A dynamic form: texts per language and the field schema; answers go to its data source. */
export const forms = pgTable(
  "forms",
  {
    id: text("id").primaryKey(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    dataSourceId: text("data_source_id")
      .notNull()
      .references(() => dataSources.id, { onDelete: "cascade" }),
    title: jsonb("title").$type<TLocalized>().notNull(),
    subtitle: jsonb("subtitle").$type<TLocalized>().notNull().default({}),
    buttonText: jsonb("button_text").$type<TLocalized>().notNull().default({}),
    schema: jsonb("schema").$type<TStoredFormField[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("forms_data_source").on(t.dataSourceId)],
);

/**
 * A record of a data source. The answers are in `values`; the hidden fields are columns set by the
 * server: userId from the session ('guest' without one), missionaryId from the mentor_id cookie.
 */
export const dataRecords = pgTable(
  "data_records",
  {
    id: text("id").primaryKey(),
    dataSourceId: text("data_source_id")
      .notNull()
      .references(() => dataSources.id, { onDelete: "cascade" }),
    formId: text("form_id").references(() => forms.id, { onDelete: "set null" }),
    values: jsonb("values").$type<Record<string, string | boolean>>().notNull(),
    userId: text("user_id").notNull(),
    missionaryId: text("missionary_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("data_records_source").on(t.dataSourceId, t.createdAt), index("data_records_user").on(t.userId)],
);
