import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pages } from "../../db/schema/portal";

export type PageRow = typeof pages.$inferSelect;

export function createPagesRepo(db: Db) {
  return {
    async findByAlias(environmentId: string, type: PageRow["type"][], alias: string, langs: string[]) {
      return db
        .select()
        .from(pages)
        .where(and(eq(pages.environmentId, environmentId), inArray(pages.type, type), eq(pages.alias, alias), inArray(pages.lang, langs)));
    },
    async findByModel(environmentId: string, modelName: string, modelId: string, langs: string[]) {
      return db
        .select()
        .from(pages)
        .where(and(eq(pages.environmentId, environmentId), eq(pages.modelName, modelName), eq(pages.modelId, modelId), inArray(pages.lang, langs)));
    },
  };
}
export type PagesRepo = ReturnType<typeof createPagesRepo>;
