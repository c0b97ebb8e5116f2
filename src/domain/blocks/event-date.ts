import { z } from "zod";
import { ZIsoDate, ZLabel, blockSchema } from "./common";

export const ZEventDateBlock = blockSchema(
  "event-date",
  z.object({
    title: ZLabel,
    /** The day of the event, "YYYY-MM-DD". */
    date: ZIsoDate,
    text: z.string().max(2000).optional(),
    place: z.string().max(300).optional(),
  }),
);
