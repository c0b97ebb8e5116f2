import { z } from "zod";
import { mediaField } from "../media-field";
import { ZImage, ZIsoDate, ZLabel, ZParagraph, ZSafeUrl, blockSchema } from "./common";
import { REVIEW_MAX_RATING } from "./review-rating";

export const ZPersonBlock = blockSchema(
  "person",
  z.object({
    name: ZLabel,
    role: z.string().max(300).optional(),
    bio: z.string().max(5000).optional(),
    photo: ZImage.optional(),
  }),
);

export const ZReviewsBlock = blockSchema(
  "reviews",
  z.object({
    title: z.string().max(300).optional(),
    items: z
      .array(
        z.object({
          author: ZLabel,
          text: ZParagraph,
          rating: z.number().int().min(1).max(REVIEW_MAX_RATING),
          date: ZIsoDate,
        }),
      )
      .min(1)
      .max(100),
  }),
);

export const ZStatisticsBlock = blockSchema(
  "statistics",
  z.object({
    title: z.string().max(300).optional(),
    items: z
      .array(
        z.object({
          value: z.number().min(-1e12).max(1e12),
          label: ZLabel,
          /** Written after the number: "+", "%", " h". */
          suffix: z.string().max(10).optional(),
        }),
      )
      .min(1)
      .max(12),
  }),
);

export const ZPartnersBlock = blockSchema(
  "partners",
  z.object({
    title: z.string().max(300).optional(),
    items: z
      .array(z.object({ name: ZLabel, logo: mediaField(ZSafeUrl, "image"), url: ZSafeUrl }))
      .min(1)
      .max(40),
  }),
);
