import { ZTestDefinition, type TTestDefinitionInput } from "../../../domain/assessment/definition";
import type { Db } from "../client";
import { elementTests } from "../schema/assessments";

/** The test of an element (validated, defaults filled); kept as it is when the element has one (seed at every start). */
export async function upsertElementTest(db: Db, elementId: string, def: TTestDefinitionInput, opts: { replace?: boolean } = {}) {
  const definition = ZTestDefinition.parse(def);
  const insert = db.insert(elementTests).values({ elementId, definition });
  await (opts.replace
    ? insert.onConflictDoUpdate({ target: elementTests.elementId, set: { definition, updatedAt: new Date() } })
    : insert.onConflictDoNothing());
  return definition;
}
