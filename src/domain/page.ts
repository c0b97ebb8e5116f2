import { z } from "zod";
import { ZLocalized } from "./portal";
import { ZCourseBlock, ZCoursesPopupBlock } from "./blocks/course";
import { ZDiagramBlock, ZSchemeBlock } from "./blocks/diagram";
import { ZActionBlock, ZAppPromoBlock, ZDonationsBlock, ZSubscribeBlock } from "./blocks/engagement";
import { ZEventDateBlock } from "./blocks/event-date";
import { ZAudioBlock, ZBeforeAfterBlock, ZFileBlock, ZGalleryBlock, ZVideoBlock } from "./blocks/media";
import { ZPartnersBlock, ZPersonBlock, ZReviewsBlock, ZStatisticsBlock } from "./blocks/people";
import { ZTestsBlock } from "./blocks/quiz";
import { mediaField } from "./media-field";
import { ZText } from "./validation/safe-text";

/**
 * Content blocks. Each block has a stable id, a type from the block registry and props validated
 * by that type's schema. Later capabilities add block types to this union.
 */
export const ZTextBlock = z.object({
  id: z.string(),
  type: z.literal("text"),
  props: z.object({ title: z.string().optional(), html: z.string(), align: z.enum(["start", "center", "end"]).optional() }),
});
export const ZFactBlock = z.object({
  id: z.string(),
  type: z.literal("fact"),
  props: z.object({
    variant: z.enum(["divider", "fact"]).default("fact"),
    value: z.string().optional(),
    text: z.string().optional(),
  }),
});
export const ZPhotoBlock = z.object({
  id: z.string(),
  type: z.literal("photo"),
  props: z.object({
    src: mediaField(z.string(), "image"),
    alt: z.string(),
    caption: z.string().optional(),
    width: z.number().optional(),
    height: z.number().optional(),
  }),
});
export const ZQuoteBlock = z.object({
  id: z.string(),
  type: z.literal("quote"),
  props: z.object({ text: z.string(), author: z.string().optional(), source: z.string().optional() }),
});
export const ZFaqBlock = z.object({
  id: z.string(),
  type: z.literal("faq"),
  props: z.object({
    title: z.string().optional(),
    items: z.array(z.object({ question: z.string(), answer: z.string() })),
  }),
});
export const ZEmbedBlock = z.object({
  id: z.string(),
  type: z.literal("embed"),
  props: z.object({
    title: z.string(),
    url: z.string().url().optional(),
    html: z.string().optional(),
    aspectRatio: z.string().optional(),
  }),
});

/** A dynamic form (seed 001 §3): inline on the page, or a button that opens it in the dynamic-form scenario. */
export const ZFormBlock = z.object({
  id: z.string(),
  type: z.literal("form"),
  props: z.object({
    /** Missing on purpose or by mistake: the block then says 'Form options was not passed' (seed 001 §8). */
    formId: z.string().min(1).max(120).optional(),
    display: z.enum(["inline", "popup"]).default("inline"),
    /** The button text of the popup display. */
    openText: z.string().max(120).optional(),
  }),
});

export const ZBlock = z.discriminatedUnion("type", [
  ZTextBlock,
  ZFactBlock,
  ZPhotoBlock,
  ZQuoteBlock,
  ZFaqBlock,
  ZEmbedBlock,
  ZFormBlock,
  // Learning-content blocks (src/domain/blocks).
  ZCourseBlock,
  ZCoursesPopupBlock,
  ZTestsBlock,
  ZVideoBlock,
  ZAudioBlock,
  ZGalleryBlock,
  ZFileBlock,
  ZBeforeAfterBlock,
  ZDiagramBlock,
  ZSchemeBlock,
  ZPersonBlock,
  ZReviewsBlock,
  ZStatisticsBlock,
  ZPartnersBlock,
  ZEventDateBlock,
  ZActionBlock,
  ZSubscribeBlock,
  ZDonationsBlock,
  ZAppPromoBlock,
]);
export type TBlock = z.infer<typeof ZBlock>;
export type TBlockType = TBlock["type"];

export const ZPageModel = z.object({ name: z.string(), id: z.string() });

export const ZPage = z.object({
  id: z.string(),
  environmentId: z.string(),
  lang: z.string(),
  alias: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  keywords: z.string().nullable(),
  image: z.string().nullable(),
  noindex: z.boolean(),
  published: z.boolean(),
  template: z.string().nullable(),
  type: z.enum(["page", "template", "system"]),
  model: ZPageModel.nullable(),
  index: z.number().int(),
  edited: z.string(),
  components: z.array(ZBlock).optional(),
});
export type TPage = z.infer<typeof ZPage>;

export const ZPageQuery = z.object({
  lang: ZText.min(2).max(8),
  withComponents: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v !== "false"),
});

export const ZPageTitleMap = ZLocalized;

/** Robots: pages that are not published, or flagged noindex, are hidden from search engines. */
export function pageRobots(page: Pick<TPage, "published" | "noindex">): "noindex" | null {
  return !page.published || page.noindex ? "noindex" : null;
}
