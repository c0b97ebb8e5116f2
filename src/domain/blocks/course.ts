import { z } from "zod";
import { CURRENCY_SYMBOLS, NO_CATEGORY } from "../course-labels";
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

export function categoryLabel(category: TCourseCardProps["category"]): string | null {
  if (!category || category.id === NO_CATEGORY || category.title.trim() === "") return null;
  return category.title;
}

/**
 * Price in the page language with the seed's symbol: the number and the symbol's position follow
 * the locale ("$49", "499 ₴" in Russian), the symbol itself is ours (Intl writes "US$" for ar).
 */
export function formatPrice(price: number, currency: string, lang: string): string {
  // Seed 3 symbols for UAH, USD and RUB; other currencies keep the locale's own symbol.
  const symbol = (CURRENCY_SYMBOLS as Record<string, string | undefined>)[currency];
  const parts = new Intl.NumberFormat(lang, { style: "currency", currency, minimumFractionDigits: 0, maximumFractionDigits: 2 }).formatToParts(price);
  return parts
    .map((p) => (p.type === "currency" && symbol ? symbol : p.value))
    .join("")
    .trim();
}

/** Duration in minutes as "45 min" or "1 hr 30 min" in the page language. */
export function formatDuration(minutes: number, lang: string): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const unit = (value: number, u: "hour" | "minute") => new Intl.NumberFormat(lang, { style: "unit", unit: u, unitDisplay: "short" }).format(value);
  if (h === 0) return unit(m, "minute");
  if (m === 0) return unit(h, "hour");
  return `${unit(h, "hour")} ${unit(m, "minute")}`;
}

/** The course page of a card: /{lang}/courses/{id}. */
export function courseHref(lang: string, id: string): string {
  return `/${lang}/courses/${encodeURIComponent(id)}`;
}

/**
 * The fields of the courses API's card (TCourseCard in ../course) that a card block reads, stated
 * here: ../course imports the page blocks (course -> element -> page -> blocks), so this file must
 * not import it back, not even its types.
 */
export interface CourseCardSource {
  id: string;
  title: string;
  description: string;
  cover: string | null;
  duration: number;
  elementsCount: number;
  price: number | null;
  currency: string | null;
  category: { id: string; title: string };
}

/** A course card from the courses API as the card blocks show it (e.g. for a courses-popup loader). */
export function toCourseCardProps<C extends CourseCardSource>(card: C): TCourseCardProps {
  return {
    id: card.id,
    title: card.title,
    description: card.description || undefined,
    cover: card.cover ? { src: card.cover, alt: "" } : undefined,
    duration: card.duration,
    elementsCount: card.elementsCount,
    price: card.price ?? undefined,
    currency: card.currency ?? undefined,
    category: card.category,
  };
}
