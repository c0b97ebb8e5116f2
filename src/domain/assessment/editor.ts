import { z } from "zod";
import { ZText } from "../validation/safe-text";
import { ZTestDefinition } from "./definition";

/**
 * The studio's question editor (issue 15, docs/decisions/0053): an author reads a test element's whole
 * definition with its revision and replaces it whole. The revision is the time of the last save (ISO,
 * milliseconds); a save names the revision it was made from, and a newer one refuses it (TEST-CONFLICT).
 */

/** Who saved a test last: the audit row's actor and a display name ("" when the account is gone). */
export const ZTestSaver = z.object({ id: z.string(), name: z.string() });

export const ZTestEditor = z.object({
  elementId: z.string(),
  /** null: the element has no test yet (the first save creates it from revision null). */
  revision: z.string().nullable(),
  definition: ZTestDefinition.nullable(),
  savedBy: ZTestSaver.nullable(),
});
export type TTestEditor = z.infer<typeof ZTestEditor>;

export const ZTestPut = z
  .object({
    baseRevision: ZText.max(40).nullable(),
    definition: ZTestDefinition,
  })
  .strict();
export type TTestPut = z.infer<typeof ZTestPut>;
export type TTestPutInput = z.input<typeof ZTestPut>;

/** TEST-CONFLICT details: the revision that is there, when and by whom it was saved. */
export const ZTestConflict = z.object({ revision: z.string().nullable(), savedAt: z.string().nullable(), savedBy: ZTestSaver.nullable() });
export type TTestConflict = z.infer<typeof ZTestConflict>;

/**
 * A body of the editor's largest test: 200 questions of 12 variants, texts in a few languages. The
 * request guard refuses bigger bodies before parsing (413).
 */
export const TEST_PUT_BODY_LIMIT = 4 * 1024 * 1024;
