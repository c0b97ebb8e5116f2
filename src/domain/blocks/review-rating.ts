/* Apart from the block's schema: the browser's block imports this, and zod stays out of its chunk (decision 0041). */

export const REVIEW_MAX_RATING = 5;

/** The mean rating of a list, one decimal; null for an empty list. */
export function averageRating(items: ReadonlyArray<{ rating: number }>): number | null {
  if (items.length === 0) return null;
  return Math.round((items.reduce((s, i) => s + i.rating, 0) / items.length) * 10) / 10;
}
