import { z } from "zod";
import { ZImage, ZLabel, blockSchema } from "./common";

/** The fields of a course card (seed 3) that a course block or the courses popup shows. */
export const ZCourseCardProps = z
  .object({
    id: z
      .string()
      .min(1)
      .max(120)
      .regex(/^[\w-]+$/),
    title: ZLabel,
    description: z.string().max(1000).optional(),
    cover: ZImage.optional(),
    /** Minutes. */
    duration: z.number().int().min(0).max(100_000).optional(),
    elementsCount: z.number().int().min(0).max(10_000).optional(),
    /** Free when missing or 0. */
    price: z.number().min(0).max(10_000_000).optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    category: z.object({ id: z.string().min(1).max(120), title: z.string().max(200) }).optional(),
  })
  .refine((c) => !c.price || c.currency !== undefined, { error: "A price needs a currency", path: ["currency"] });
export type TCourseCardProps = z.infer<typeof ZCourseCardProps>;

export const ZCourseBlock = blockSchema("course", ZCourseCardProps);

/** Seed 2.4 courses-popup: a slider of course cards and a button to the courses list. */
export const ZCoursesPopupBlock = blockSchema(
  "courses-popup",
  z.object({
    title: ZLabel,
    text: z.string().max(1000).optional(),
    /** Label of the button that opens the popup. */
    openLabel: ZLabel,
    courses: z.array(ZCourseCardProps).min(1).max(100),
  }),
);
