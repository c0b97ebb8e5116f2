import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { isHiddenField, ZStoredFormField } from "../../../domain/forms";
import type { Db } from "../client";
import { dataRecords, dataSources, forms } from "../schema/forms";
import { DEMO_CITIES_SOURCE, DEMO_FORM_ID, DEMO_QUESTIONS_SOURCE, demoFormFields, seedDemoForms } from "./demo-forms";
import { changeContent } from "../../platform/content-version";

async function counts(db: Db) {
  const n = async (table: typeof forms | typeof dataSources | typeof dataRecords) =>
    Number((await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n);
  return { forms: await n(forms), dataSources: await n(dataSources), records: await n(dataRecords) };
}

describeEachDatabase("demo form seed", (t) => {
  it("seeds the form, its two data sources and the city list once, however often it runs", async () => {
    const first = await counts(t.db);
    expect(first.forms).toBe(1);
    expect(first.dataSources).toBe(2);
    expect(first.records).toBeGreaterThanOrEqual(25);
    await seedDemoForms(t.db, t.config.ENVIRONMENT_ID);
    await t.seed();
    expect(await counts(t.db)).toEqual(first);
  });

  it("keeps a creator's edits and re-creates a deleted city", async () => {
    await changeContent(t.db, async (tx) => {
      await tx
        .update(forms)
        .set({ title: { en: "Contact us" } })
        .where(eq(forms.id, DEMO_FORM_ID));
    });
    await t.db.delete(dataRecords).where(eq(dataRecords.id, "city-kazan"));
    await seedDemoForms(t.db, t.config.ENVIRONMENT_ID);
    const [form] = await t.db.select().from(forms).where(eq(forms.id, DEMO_FORM_ID));
    expect(form.title).toEqual({ en: "Contact us" });
    expect(await t.db.select().from(dataRecords).where(eq(dataRecords.id, "city-kazan"))).toHaveLength(1);
  });

  it("stores answers only under fields its data source declares, texts in all four languages", async () => {
    const [source] = await t.db.select().from(dataSources).where(eq(dataSources.id, DEMO_QUESTIONS_SOURCE.id));
    const declared = new Map(source.fields.map((f) => [f.id, f.type]));
    for (const field of demoFormFields) {
      expect(ZStoredFormField.safeParse(field).success, field.id).toBe(true);
      expect(isHiddenField(field.name), field.id).toBe(false);
      expect(declared.get(field.name), field.id).toBe(field.type);
      expect(Object.keys(field.props.label).sort(), field.id).toEqual(["ar", "en", "ru", "tr"]);
    }
    expect(
      source.fields
        .filter((f) => f.type === "hidden")
        .map((f) => f.id)
        .sort(),
    ).toEqual(["missionaryId", "userId"]);
    const city = demoFormFields.find((f) => f.component === "remote-search");
    expect(city?.props.search?.dataSourceId).toBe(DEMO_CITIES_SOURCE.id);
  });
});
