import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { likeLiteral } from "../../db/like";
import { dataRecords, dataSources, forms } from "../../db/schema/forms";

export type FormRow = typeof forms.$inferSelect;
export type DataSourceRow = typeof dataSources.$inferSelect;
export type RecordRow = typeof dataRecords.$inferSelect;

/** LIKE treats % and _ as wildcards: a visitor's search text is matched literally. */
function likeContains(q: string): string {
  return `%${likeLiteral(q)}%`;
}

export function createFormsRepo(db: Db) {
  return {
    async findForm(environmentId: string, id: string): Promise<FormRow | undefined> {
      const rows = await db
        .select()
        .from(forms)
        .where(and(eq(forms.environmentId, environmentId), eq(forms.id, id)));
      return rows[0];
    },
    async findDataSource(environmentId: string, id: string): Promise<DataSourceRow | undefined> {
      const rows = await db
        .select()
        .from(dataSources)
        .where(and(eq(dataSources.environmentId, environmentId), eq(dataSources.id, id)));
      return rows[0];
    },
    async findDataSourceByPlural(environmentId: string, plural: string): Promise<DataSourceRow | undefined> {
      const rows = await db
        .select()
        .from(dataSources)
        .where(and(eq(dataSources.environmentId, environmentId), eq(dataSources.plural, plural)));
      return rows[0];
    },
    async recordExists(dataSourceId: string, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: dataRecords.id })
        .from(dataRecords)
        .where(and(eq(dataRecords.dataSourceId, dataSourceId), eq(dataRecords.id, id)));
      return rows.length > 0;
    },
    async insertRecord(row: Omit<typeof dataRecords.$inferInsert, "id">): Promise<RecordRow> {
      const [inserted] = await db
        .insert(dataRecords)
        .values({ id: randomUUID(), ...row })
        .returning();
      return inserted;
    },
    /** Records whose `labelField` contains `q` (case-insensitive), by label; only id and label leave the database. */
    async searchRecords(dataSourceId: string, labelField: string, q: string, limit: number): Promise<Array<{ id: string; label: string }>> {
      const label = sql<string>`${dataRecords.values} ->> ${labelField}::text`;
      return db
        .select({ id: dataRecords.id, label })
        .from(dataRecords)
        .where(and(eq(dataRecords.dataSourceId, dataSourceId), sql`${label} ilike ${likeContains(q)}`))
        .orderBy(asc(label), asc(dataRecords.id))
        .limit(limit);
    },
  };
}
export type FormsRepo = ReturnType<typeof createFormsRepo>;
