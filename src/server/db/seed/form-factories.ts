import { randomUUID } from "node:crypto";
import type { Db } from "../client";
import { changeContent } from "../../platform/content-version";
import { dataRecords, dataSources, forms } from "../schema/forms";

type DataSourceInsert = typeof dataSources.$inferInsert;
type FormInsert = typeof forms.$inferInsert;
type RecordInsert = typeof dataRecords.$inferInsert;

/** Seed and test helpers for forms and data sources: inserts keep rows that already exist. Definitions are content changes; records are not. */
export async function upsertDataSource(db: Db, d: Partial<DataSourceInsert> & Pick<DataSourceInsert, "environmentId" | "plural">) {
  const row: DataSourceInsert = { id: d.id ?? `ds-${randomUUID()}`, fields: [], ...d };
  await changeContent(db, async (tx) => {
    await tx.insert(dataSources).values(row).onConflictDoNothing();
  });
  return row;
}

export async function upsertForm(db: Db, f: Partial<FormInsert> & Pick<FormInsert, "environmentId" | "dataSourceId" | "title">) {
  const row: FormInsert = { id: f.id ?? `form-${randomUUID()}`, schema: [], ...f };
  await changeContent(db, async (tx) => {
    await tx.insert(forms).values(row).onConflictDoNothing();
  });
  return row;
}

export async function upsertRecord(db: Db, r: Partial<RecordInsert> & Pick<RecordInsert, "dataSourceId" | "values">) {
  const row: RecordInsert = { id: r.id ?? randomUUID(), userId: "guest", ...r };
  await db.insert(dataRecords).values(row).onConflictDoNothing();
  return row;
}
