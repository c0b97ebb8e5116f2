import { formatPrice } from "../../../domain/blocks/course-format";
import { dateTimeFormat } from "../../../domain/intl";

/**
 * An order's amount in the page language: whole amounts as the course price shows them ("490 ₴"),
 * others with their two decimals ("441,00" is never written, "441,50 ₴" is), as a receipt must be exact.
 */
export function formatMoney(amount: number, currency: string, lang: string): string {
  return formatPrice(amount, currency, lang, Number.isInteger(amount) ? 0 : 2);
}

/**
 * A moment of an order (made, paid, a status change) in the page language. In UTC and saying so, as
 * the other dated pages do: the server and the browser then write the same text (no hydration
 * mismatch), and a receipt's time does not depend on where it is printed.
 */
export function formatOrderDate(iso: string, lang: string, withTime = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" } as const;
  return dateTimeFormat(lang, withTime ? { ...day, hour: "numeric", minute: "2-digit", timeZoneName: "short" } : day).format(date);
}
