import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { TBlock } from "../../../domain/page";
import type { TEnvironmentSettings, TLocalized, TPortal } from "../../../domain/portal";

/** Portals, their environments (site settings) and pages built from blocks. */

export const portals = pgTable("portals", {
  id: text("id").primaryKey(),
  parentId: text("parent_id"),
  type: text("type", { enum: ["mono", "other"] })
    .notNull()
    .default("other"),
  title: jsonb("title").$type<TLocalized>().notNull(),
  i18n: jsonb("i18n").$type<TPortal["i18n"]>().notNull(),
  favicon: text("favicon"),
  lessonLoadIcon: jsonb("lesson_load_icon").$type<{ url: string } | null>(),
  registration: jsonb("registration").$type<TPortal["registration"]>().notNull(),
  authMigration: boolean("auth_migration").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const environments = pgTable("environments", {
  id: text("id").primaryKey(),
  portalId: text("portal_id")
    .notNull()
    .references(() => portals.id, { onDelete: "cascade" }),
  theme: jsonb("theme").$type<TEnvironmentSettings["theme"]>().notNull(),
  logo: jsonb("logo").$type<TLocalized>().notNull(),
  contacts: jsonb("contacts").$type<TEnvironmentSettings["contacts"]>().notNull(),
  socials: jsonb("socials").$type<TEnvironmentSettings["socials"]>().notNull(),
  navigation: jsonb("navigation").$type<TEnvironmentSettings["navigation"]>().notNull(),
  seo: jsonb("seo").$type<TEnvironmentSettings["seo"]>().notNull(),
  integrations: jsonb("integrations").$type<TEnvironmentSettings["integrations"]>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const pages = pgTable(
  "pages",
  {
    id: text("id").primaryKey(),
    environmentId: text("environment_id")
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    lang: text("lang").notNull(),
    alias: text("alias").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    keywords: text("keywords"),
    image: text("image"),
    noindex: boolean("noindex").notNull().default(false),
    published: boolean("published").notNull().default(false),
    template: text("template"),
    type: text("type", { enum: ["page", "template", "system"] })
      .notNull()
      .default("page"),
    modelName: text("model_name"),
    modelId: text("model_id"),
    index: integer("index").notNull().default(0),
    components: jsonb("components").$type<TBlock[]>().notNull().default([]),
    edited: timestamp("edited", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("pages_env_type_alias_lang").on(t.environmentId, t.type, t.alias, t.lang),
    index("pages_model").on(t.environmentId, t.modelName, t.modelId),
  ],
);
