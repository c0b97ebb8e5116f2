import { z } from "zod";
import { ZLabel, ZParagraph, blockSchema } from "./common";

export const ZDiagramBlock = blockSchema(
  "diagram",
  z.object({
    title: ZLabel,
    description: z.string().max(1000).optional(),
    kind: z.enum(["bar", "pie"]),
    /** Unit shown after values, e.g. "%" or "h". */
    unit: z.string().max(20).optional(),
    /** Header of the label column of the data table. */
    labelHeader: ZLabel,
    valueHeader: ZLabel,
    data: z
      .array(z.object({ label: ZLabel, value: z.number().min(0).max(1e12) }))
      .min(1)
      .max(24),
  }),
);
export type TDiagramProps = z.infer<typeof ZDiagramBlock>["props"];

/** Scheme: ordered steps of a process or a flow. */
export const ZSchemeBlock = blockSchema(
  "scheme",
  z.object({
    title: z.string().max(300).optional(),
    steps: z
      .array(z.object({ title: ZLabel, text: ZParagraph.optional() }))
      .min(2)
      .max(20),
  }),
);
