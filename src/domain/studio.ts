import { z } from "zod";
import { isSafeUrl } from "./blocks/safe-url";
import { LIMITS } from "./constants";
import { ZCourseId, ZCurrency, ZLang } from "./course";
import { ZElementType } from "./element";
import { mediaField } from "./media-field";
import { ZAwardDefinition, ZCourseGift } from "./rewards";
import { ZText } from "./validation/safe-text";

/**
 * Authoring (the creator studio's API, /api/admin/...): what an author may change and what the
 * server answers, shared by the server and the studio's forms. Texts are maps { lang: text } like
 * every localized content field; a patch names only the languages it changes, the others stay.
 */

/** More languages than any portal has: a bigger map is a mistake or an attack, not content. */
export const MAX_PATCH_LANGS = 32;
export const COURSE_TITLE_MAX = 200;
export const COURSE_DESCRIPTION_MAX = 5_000;
export const BUTTON_TEXT_MAX = 60;
export const CATEGORY_TITLE_MAX = 100;
/** Minutes: a week of content is already far more than a course or a lesson holds. */
export const DURATION_MAX = 10_080;
export const PRICE_MAX = 1_000_000;

const localized = (text: z.ZodType<string>) =>
  z.record(ZLang, text).refine((m) => Object.keys(m).length <= MAX_PATCH_LANGS, { error: `At most ${MAX_PATCH_LANGS} languages` });
const ZTitle = ZText.trim().min(1).max(COURSE_TITLE_MAX);
const ZButtonText = ZText.trim().min(1).max(BUTTON_TEXT_MAX);
const ZDuration = z.number().int().min(0).max(DURATION_MAX);
/** A media address as blocks take it: a site path or an http(s) URL, never javascript: or data:. */
const ZImageUrl = mediaField(ZText.min(1).max(2048).refine(isSafeUrl, { error: "Use a site path (/...) or an http(s) address" }), "image");

type Localized = Record<string, string> | undefined;
/** The languages a course or element body names in its texts (and a course's covers): each must be one of the portal's. */
export function namedLangs(body: {
  title?: Localized;
  covers?: Record<string, string | null>;
  description?: Localized;
  buttonText?: Localized;
  buttonTextBuy?: Localized;
  category?: { title: Localized };
  gift?: { title: Localized } | null;
  award?: { title: Localized; description: Localized } | null;
}): string[] {
  const maps = [
    body.title,
    body.description,
    body.buttonText,
    body.buttonTextBuy,
    body.category?.title,
    body.gift?.title,
    body.award?.title,
    body.award?.description,
    body.covers,
  ];
  return [...new Set(maps.flatMap((m) => Object.keys(m ?? {})))];
}

export const ZCategoryInput = z
  .object({
    id: ZText.min(1)
      .max(60)
      .regex(/^[A-Za-z0-9_-]+$/),
    title: localized(ZText.trim().min(1).max(CATEGORY_TITLE_MAX)),
  })
  .strict();

/** Free, or commercial with a price above zero in one of the seed's currencies. */
const ZPricing = z.discriminatedUnion("type", [
  z.object({ type: z.literal("free") }).strict(),
  z.object({ type: z.literal("paid"), price: z.number().positive().max(PRICE_MAX).multipleOf(0.01), currency: ZCurrency }).strict(),
]);
export type TPricing = z.infer<typeof ZPricing>;

/** Months a certificate may stay valid (the courses table's check says the same). */
export const CERTIFICATE_VALIDITY_MAX = 1200;

/** Whether finishing the course issues a certificate (modules/certificates), and for how long it is valid. */
const ZCertificateSettings = z
  .object({
    enabled: z.boolean(),
    /** Null: the certificate does not expire. */
    validityMonths: z.number().int().min(1).max(CERTIFICATE_VALIDITY_MAX).nullable(),
  })
  .strict();

/**
 * What finishing the course gives (modules/rewards, decision 0038): a file to download, or access to
 * another course of the portal. The stored shape is ZCourseGift; this one takes only safe texts.
 */
const ZGiftInput = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("file"), title: localized(ZTitle), url: mediaField(ZCourseGift.options[0].shape.url, "file") }).strict(),
  z.object({ kind: z.literal("course"), title: localized(ZTitle), courseId: ZCourseId }).strict(),
]);

export const AWARD_DESCRIPTION_MAX = 300;

/**
 * The award a learner earns by finishing the course (modules/rewards, rule course-finished naming it):
 * its title, description and badge. Awards with other rules are the portal's, not a course's.
 */
const ZCourseAwardInput = z
  .object({ title: localized(ZTitle), description: localized(ZText.trim().max(AWARD_DESCRIPTION_MAX)), badge: ZAwardDefinition.shape.badge })
  .strict();

const courseSettings = {
  description: localized(ZText.max(COURSE_DESCRIPTION_MAX)),
  category: ZCategoryInput,
  pricing: ZPricing,
  arbitraryWalkthrough: z.boolean(),
  published: z.boolean(),
  hidden: z.boolean(),
  buttonText: localized(ZButtonText),
  buttonTextBuy: localized(ZButtonText),
  /** The course's cover image; null removes it. */
  cover: ZImageUrl.nullable(),
  /**
   * Per-language covers over the default one (decision 0062), merged per language like the texts:
   * a language named with an address gets that cover, one named with null goes back to the default.
   */
  covers: z.record(ZLang, ZImageUrl.nullable()).refine((m) => Object.keys(m).length <= MAX_PATCH_LANGS, { error: `At most ${MAX_PATCH_LANGS} languages` }),
  certificate: ZCertificateSettings,
  /** Null removes the gift. */
  gift: ZGiftInput.nullable(),
  /** Null stops granting it; who holds it keeps it. */
  award: ZCourseAwardInput.nullable(),
};

/** A new course: its id (the course's address), a title in at least the portal's primary language, settings. */
export const ZCourseCreate = z
  .object({
    id: ZCourseId,
    title: localized(ZTitle),
    description: courseSettings.description.optional(),
    category: courseSettings.category.optional(),
    pricing: courseSettings.pricing.default({ type: "free" }),
    arbitraryWalkthrough: z.boolean().default(false),
    published: z.boolean().default(false),
    hidden: z.boolean().default(false),
    buttonText: courseSettings.buttonText.optional(),
    buttonTextBuy: courseSettings.buttonTextBuy.optional(),
  })
  .strict();
export type TCourseCreate = z.infer<typeof ZCourseCreate>;

/** A change of a course: any of its texts (merged per language) and settings; at least one. */
export const ZCoursePatch = z
  .object({
    title: localized(ZTitle).optional(),
    description: courseSettings.description.optional(),
    category: courseSettings.category.optional(),
    pricing: courseSettings.pricing.optional(),
    arbitraryWalkthrough: z.boolean().optional(),
    published: z.boolean().optional(),
    hidden: z.boolean().optional(),
    buttonText: courseSettings.buttonText.optional(),
    buttonTextBuy: courseSettings.buttonTextBuy.optional(),
    cover: courseSettings.cover.optional(),
    covers: courseSettings.covers.optional(),
    certificate: courseSettings.certificate.optional(),
    gift: courseSettings.gift.optional(),
    award: courseSettings.award.optional(),
  })
  .strict()
  .refine((p) => Object.values(p).some((v) => v !== undefined && (v === null || typeof v !== "object" || Object.keys(v).length > 0)), {
    error: "Name at least one field to change",
  });
export type TCoursePatch = z.infer<typeof ZCoursePatch>;

/** A course as the studio sees it: every language, published or not. */
export const ZStudioCourse = z.object({
  id: z.string(),
  title: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  category: z.object({ id: z.string(), title: z.record(z.string(), z.string()) }),
  pricing: ZPricing,
  arbitraryWalkthrough: z.boolean(),
  published: z.boolean(),
  hidden: z.boolean(),
  buttonText: z.record(z.string(), z.string()),
  buttonTextBuy: z.record(z.string(), z.string()),
  cover: z.string().nullable(),
  /** Per-language covers over `cover` { lang: url }; a language without one shows `cover`. */
  covers: z.record(z.string(), z.string()),
  certificate: z.object({ enabled: z.boolean(), validityMonths: z.number().int().nullable() }),
  gift: ZCourseGift.nullable(),
  award: z.object({ title: z.record(z.string(), z.string()), description: z.record(z.string(), z.string()), badge: ZAwardDefinition.shape.badge }).nullable(),
  elementsCount: z.number().int(),
  /** Whether a preview link exists (its secret is only shown when made). */
  previewLink: z.boolean(),
  dateCreated: z.string(),
  updatedAt: z.string(),
});
export type TStudioCourse = z.infer<typeof ZStudioCourse>;
/**
 * POST /api/admin/courses/{courseId}/preview-link: a new creator preview secret (seed 000 §6). Only
 * its hash is stored, so the secret is shown once, here; making a new one ends the old link.
 */
export const ZPreviewLink = z.object({ secret: z.string(), path: z.string() });
export type TPreviewLink = z.infer<typeof ZPreviewLink>;

export const ZStudioCourseList = z.object({ courses: z.array(ZStudioCourse) });

export const ZElementId = ZText.min(1)
  .max(120)
  .regex(/^[A-Za-z0-9_:-]+$/);

export const ZElementCreate = z
  .object({
    type: ZElementType,
    title: localized(ZTitle),
    duration: ZDuration.default(0),
    visible: z.boolean().default(true),
  })
  .strict();
export type TElementCreate = z.infer<typeof ZElementCreate>;

/** What the studio's element form edits; visibility is switched in the element's row. */
export const ZElementSettings = z
  .object({
    title: localized(ZTitle).optional(),
    duration: ZDuration.optional(),
    /** Null removes the cover. */
    cover: ZImageUrl.nullable().optional(),
    /** The element's discussion on or off (issue 14): switching it on gives it a discussion id. */
    discussionActive: z.boolean().optional(),
  })
  .strict();

export const ZElementPatch = ZElementSettings.extend({ visible: z.boolean().optional() })
  .strict()
  .refine((p) => Object.values(p).some((v) => v !== undefined && (v === null || typeof v !== "object" || Object.keys(v).length > 0)), {
    error: "Name at least one field to change",
  });
export type TElementPatch = z.infer<typeof ZElementPatch>;

/** The course's element ids, every one exactly once, in the new order. */
export const ZElementOrder = z.object({ elementIds: z.array(ZElementId).min(1).max(LIMITS.elements) }).strict();
export type TElementOrder = z.infer<typeof ZElementOrder>;

export const ZStudioElement = z.object({
  id: z.string(),
  courseId: z.string(),
  type: ZElementType,
  title: z.record(z.string(), z.string()),
  duration: z.number().int(),
  cover: z.string().nullable(),
  number: z.number().int(),
  index: z.number().int(),
  visible: z.boolean(),
  discussionActive: z.boolean(),
});
export type TStudioElement = z.infer<typeof ZStudioElement>;
export const ZStudioElementList = z.object({ elements: z.array(ZStudioElement) });

/** What an audit row says changed: field names and languages, never whole texts. */
export const ZAuditSummary = z.object({
  fields: z.array(z.string()).optional(),
  langs: z.array(z.string()).optional(),
  courseId: z.string().optional(),
  /** Page designer rows: how many blocks, the draft's revision, the version published or restored. */
  blocks: z.number().int().optional(),
  revision: z.number().int().optional(),
  version: z.number().int().optional(),
  restoredFrom: z.number().int().optional(),
  /** An episode's event. */
  eventId: z.string().optional(),
  /** A navigation save: how many items the tree holds. */
  items: z.number().int().optional(),
  /** A page rename: the alias before and after (docs/decisions/0054). */
  from: z.string().optional(),
  to: z.string().optional(),
  /** A page rename or delete: whether it had a draft; a delete: how many versions went, and the last one. */
  draft: z.boolean().optional(),
  versions: z.number().int().optional(),
  lastVersion: z.number().int().nullable().optional(),
  /** Back office (issue 16): a refund's amount (minor units) and currency; the chat's assignment mode. */
  amountMinor: z.number().int().optional(),
  currency: z.string().optional(),
  mode: z.string().optional(),
});
export type TAuditSummary = z.infer<typeof ZAuditSummary>;

export const AUDIT_PAGE_MAX = 100;
export const ZAuditQuery = z.object({
  entityType: ZText.min(1)
    .max(40)
    .regex(/^[a-z-]+$/)
    .optional(),
  entityId: ZText.min(1).max(120).optional(),
  /** The cursor: the id of the oldest entry of the previous page. */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  actorId: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  summary: ZAuditSummary,
  createdAt: z.string(),
});
export const ZAuditPage = z.object({ entries: z.array(ZAuditEntry), nextBefore: z.number().int().nullable() });
export type TAuditPage = z.infer<typeof ZAuditPage>;
