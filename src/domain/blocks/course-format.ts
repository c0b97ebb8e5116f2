import { CURRENCY_SYMBOLS, NO_CATEGORY } from "../course-labels";
import { numberFormat } from "../intl";
import type { TCourseCardProps } from "./course";

/* How course cards and course pages show a course, without zod: the browser runs these on every course page (docs/decisions/0020-lean-client.md). */

export function categoryLabel(category: TCourseCardProps["category"]): string | null {
  if (!category || category.id === NO_CATEGORY || category.title.trim() === "") return null;
  return category.title;
}

/**
 * Price in the page language with the seed's symbol: the number and the symbol's position follow
 * the locale ("$49", "499 ₴" in Russian), the symbol itself is ours (Intl writes "US$" for ar).
 * `minimumFractionDigits` 2 shows cents exactly, as a receipt must ("441,50 ₴", never "441,5 ₴").
 */
export function formatPrice(price: number, currency: string, lang: string, minimumFractionDigits = 0): string {
  // Seed 3 symbols for UAH, USD and RUB; other currencies keep the locale's own symbol.
  const symbol = (CURRENCY_SYMBOLS as Record<string, string | undefined>)[currency];
  const parts = numberFormat(lang, { style: "currency", currency, minimumFractionDigits, maximumFractionDigits: 2 }).formatToParts(price);
  return parts
    .map((p) => (p.type === "currency" && symbol ? symbol : p.value))
    .join("")
    .trim();
}

/** Duration in minutes as "45 min" or "1 hr 30 min" in the page language. */
export function formatDuration(minutes: number, lang: string): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const unit = (value: number, u: "hour" | "minute") => numberFormat(lang, { style: "unit", unit: u, unitDisplay: "short" }).format(value);
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
