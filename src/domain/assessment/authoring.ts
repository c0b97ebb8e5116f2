import { z } from "zod";
import { ZLang } from "../course";
import { ZText } from "../validation/safe-text";
import { ZQuestionKind, ZRetakePolicy, ZVerificationType } from "./definition";
import { IMPORT_FORMATS, IMPORT_MAX_CHARS } from "./import";

/** Authors' side of tests before the studio exists (issue 13): statistics and imports. */

export const ZQuestionStats = z.object({
  id: z.string(),
  kind: ZQuestionKind,
  text: z.string(),
  answered: z.number().int(),
  correct: z.number().int(),
  awaitingReview: z.number().int(),
  /** Average time from the previous answer (or the attempt's start) to this one; null before any answer. */
  averageMs: z.number().int().nullable(),
  /** How many answers chose each variant. */
  variants: z.array(z.object({ id: z.string(), text: z.string(), chosen: z.number().int() })),
});
export type TQuestionStats = z.infer<typeof ZQuestionStats>;

export const ZTestStatistics = z.object({ elementId: z.string(), attempts: z.number().int(), questions: z.array(ZQuestionStats) });
export type TTestStatistics = z.infer<typeof ZTestStatistics>;

export const ZImportRequest = z
  .object({
    format: z.enum(IMPORT_FORMATS),
    text: ZText.min(1).max(IMPORT_MAX_CHARS),
    /** The language the imported texts are written in. */
    lang: ZLang,
    mode: z.enum(["append", "replace"]).default("append"),
    settings: z
      .object({
        passMark: z.number().int().min(0).max(100),
        verificationType: ZVerificationType,
        retake: ZRetakePolicy,
        draw: z.number().int().min(1).max(200).nullable(),
      })
      .partial()
      .strict()
      .optional(),
  })
  .strict();

export const ZImportReply = z.object({ elementId: z.string(), imported: z.number().int(), questions: z.number().int() });
export type TImportReply = z.infer<typeof ZImportReply>;

/** IMPORT-INVALID details: every bad line (0 for the test as a whole) and what is wrong. */
export const ZImportErrors = z.object({ errors: z.array(z.object({ line: z.number().int(), message: z.string() })) });
