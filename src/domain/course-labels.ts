/**
 * Seed 000 §3 course card labels, in a module of their own so that both the course model and the
 * page blocks (which the course model imports through pages) can use them without a cycle.
 */
export const CURRENCIES = ["UAH", "USD", "RUB"] as const;
export type TCurrency = (typeof CURRENCIES)[number];
export const CURRENCY_SYMBOLS: Record<TCurrency, string> = { UAH: "₴", USD: "$", RUB: "₽" };

/** A category whose id is "none" has no label. */
export const NO_CATEGORY = "none";
