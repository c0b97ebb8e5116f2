import { z } from "zod";
import { LIMITS } from "./constants";
import { CURRENCIES, CURRENCY_SYMBOLS, NO_CATEGORY, type TCurrency } from "./course-labels";
import { COURSE_MESSAGES, type TCourseAction, courseButton } from "./course-rules";
import { AppError } from "./errors";
import { ZElementState, ZElementType, ZElementWithProgress, type TElementType } from "./element";
import { elementPath } from "./element-path";
import { listPagingShape, notBoth, ZListPaging } from "./list-cursor";
import { ZOpenedElement, ZOpenedElementName, type TOpenedElement } from "./progress";
import { ZText } from "./validation/safe-text";

export const COURSE_TYPES = ["free", "paid"] as const;
export const ZCourseType = z.enum(COURSE_TYPES);
export type TCourseType = z.infer<typeof ZCourseType>;

/** Seed 000 §3: paid means commercial. */
export function isCommercial(type: TCourseType): boolean {
  return type === "paid";
}

export { CURRENCIES, CURRENCY_SYMBOLS, NO_CATEGORY, type TCurrency };
export const ZCurrency = z.enum(CURRENCIES);

/** Seed 000 §3: symbols for UAH, USD and RUB; any other code is shown as it is. */
export function currencySymbol(currency: string | null | undefined): string {
  if (!currency) return "";
  return (CURRENCY_SYMBOLS as Record<string, string>)[currency.toUpperCase()] ?? currency;
}

export const ZCategory = z.object({ id: z.string(), title: z.string() });
export function hasCategoryLabel(category: { id: string }): boolean {
  return category.id !== NO_CATEGORY;
}

export const ALIGN_CONTENT = ["left", "right", "center"] as const;
export const ZAlignContent = z.enum(ALIGN_CONTENT);

/** Seed 000 §4: the bought flag is true when the user's orders.courses contains the course id. */
export function isBought(orderedCourses: readonly string[], courseId: string): boolean {
  return orderedCourses.includes(courseId);
}

/** The course button rule for a stored course: its type says whether it is commercial. */
export function courseAction(type: TCourseType, bought: boolean): TCourseAction {
  return courseButton({ isCommercial: isCommercial(type), isBought: bought });
}

/** A course card (seed 000 §3) in one language. */
export const ZCourseCard = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  pageAlias: z.string().nullable(),
  type: ZCourseType,
  isCommercial: z.boolean(),
  /** Minutes. */
  duration: z.number().int(),
  elementsCount: z.number().int(),
  price: z.number().nullable(),
  currency: ZCurrency.nullable(),
  currencySymbol: z.string(),
  cover: z.string().nullable(),
  arbitraryWalkthrough: z.boolean(),
  category: ZCategory,
  dateCreated: z.string(),
  /** False when guests and session users may open its free lessons and webinars (seed 000 §6). */
  requiresRegistration: z.boolean(),
  hidden: z.boolean(),
  published: z.boolean(),
  /** With rel=all: whether the caller bought it, and how many visible elements they have done. */
  isBought: z.boolean().optional(),
  doneCount: z.number().int().optional(),
});
export type TCourseCard = z.infer<typeof ZCourseCard>;

/** Course button data (seed 000 §3). */
export const ZCourseButton = z.object({
  buttonText: z.string(),
  buttonTextBuy: z.string(),
  isBought: z.boolean(),
  alignContent: ZAlignContent,
});

export const ZCourse = ZCourseCard.extend({
  isBought: z.boolean(),
  button: ZCourseButton,
  /** With rel=all: the elements with the caller's states, the progress map and the opened element. */
  elements: z.array(ZElementWithProgress).optional(),
  progress: z.record(z.string(), z.object({ state: ZElementState, started: z.string().nullable() })).optional(),
  openedElement: ZOpenedElement.nullable().optional(),
  /** True when the course was read with a valid creator preview secret. */
  preview: z.boolean(),
});
export type TCourse = z.infer<typeof ZCourse>;

/** What the sign-in scenarios (start-free-lesson, buy-course) need to know about a course. */
export const ZCourseAccess = z.object({
  courseId: z.string(),
  isCommercial: z.boolean(),
  isBought: z.boolean(),
  accessibleWithoutRegistration: z.boolean(),
  action: z.enum(["buy-course", "start-free-lesson"]),
  viewer: z.enum(["guest", "session", "user"]),
  tracksProgress: z.boolean(),
  openedElement: z
    .object({
      id: z.string(),
      type: ZElementType,
      index: z.number().int(),
      number: z.number().int(),
      name: ZOpenedElementName,
      isFirst: z.boolean(),
      path: z.string(),
    })
    .nullable(),
  /** The opened element is a lesson or webinar a guest or session user may open (no login needed). */
  guestMayOpen: z.boolean(),
  /** The caller may open the opened element right now. */
  canOpen: z.boolean(),
  /** Shown before paying, when commercial. */
  price: z.object({ amount: z.number(), currency: ZCurrency, symbol: z.string() }).nullable(),
});
export type TCourseAccess = z.infer<typeof ZCourseAccess>;

export function openedElementPath(lang: string, courseId: string, marker: Pick<TOpenedElement, "type" | "id">): string {
  return elementPath(lang, courseId, marker.type as TElementType, marker.id);
}

/** A "true"/"false" query flag with a default. */
export const ZQueryFlag = (fallback: boolean) =>
  z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === "true"));

export const ZLang = ZText.min(2)
  .max(8)
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,4})?$/);
export const ZCourseId = ZText.min(1)
  .max(120)
  .regex(/^[A-Za-z0-9_-]+$/);
export const ZRel = z.enum(["all"]).optional();

/** Seed 000 §7 list courses: lang, rel=all, published=true, onlyMyGroups=true, cache=true, limit=100, exceptHidden=true. */
export const ZCourseListQuery = z
  .object({
    lang: ZLang,
    rel: ZRel,
    published: ZQueryFlag(true),
    onlyMyGroups: ZQueryFlag(true),
    cache: ZQueryFlag(true),
    limit: z.coerce.number().int().min(1).max(LIMITS.courses).default(LIMITS.courses),
    exceptHidden: ZQueryFlag(true),
    ...listPagingShape,
  })
  .refine(notBoth, { error: "cursor and before are exclusive", path: ["before"] });
export type TCourseListQuery = z.infer<typeof ZCourseListQuery>;

/**
 * Cards per page of the web catalogue (and of the microcourse list): what one render costs stays the
 * same at 1,000 courses as at 10. The API's default and bound stay LIMITS.courses (the seed's 100).
 */
export const CATALOGUE_PAGE_SIZE = 24;

/** A catalogue page: the cards and where the pages around it start. */
export const ZCourseListPage = z.object({ courses: z.array(ZCourseCard) }).extend(ZListPaging.shape);
export type TCourseListPage = z.infer<typeof ZCourseListPage>;

/** Get course: lang, optional rel, optional creator preview secret. */
export const ZCourseQuery = z.object({
  lang: ZLang,
  rel: ZRel,
  secret: ZText.min(1).max(200).optional(),
});

export const ZElementListQuery = z.object({
  lang: ZLang,
  rel: ZRel,
  limit: z.coerce.number().int().min(1).max(LIMITS.elements).default(LIMITS.elements),
});

export const ZElementQuery = z.object({
  lang: ZLang,
  rel: ZRel,
  secret: ZText.min(1).max(200).optional(),
});

export const ZReview = z.object({
  id: z.string(),
  courseId: z.string(),
  lang: z.string(),
  author: z.string(),
  avatar: z.string().nullable(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  date: z.string(),
});
export type TReview = z.infer<typeof ZReview>;

export const ZReviewListQuery = z.object({
  lang: ZLang.optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.reviews).default(LIMITS.reviews),
});

/** Seed 000 §5: reviews must be an array; anything else is the seed's error. */
export function ensureReviewsArray(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new AppError("REVIEWS_NOT_RECEIVED", COURSE_MESSAGES.reviewsNotReceived);
  return value;
}
