import { numberFormat } from "../../../domain/intl";
import { formatDate } from "../../../domain/locale";
import { type LetterDeps, type LetterTexts, mailPack, sendLetter } from "../../platform/letters";

/** The texts of this module in the mail pack (server-only strings: letters and the provider page's line). */
interface OrdersMailPack {
  receipt: LetterTexts;
  gift: LetterTexts;
  payment: { description: string; noCoupon: string };
}

/** An amount in minor units as the language writes money. */
export function formatMoney(minor: number, currency: string, lang: string): string {
  return numberFormat(lang, { style: "currency", currency }).format(minor / 100);
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? "");

export interface ReceiptLetter {
  to: string;
  name: string;
  lang: string;
  orderId: string;
  receiptNumber: number;
  courseTitle: string;
  currency: string;
  listAmountMinor: number;
  amountMinor: number;
  couponCode: string | null;
  discountMinor: number;
  paidAt: Date;
}

export interface GiftLetter {
  to: string;
  lang: string;
  from: string;
  courseTitle: string;
  message: string | null;
  token: string;
}

/**
 * Letters about orders, in the order's language (docs/decisions/0031): the receipt to the buyer when
 * an order is paid, the gift letter with its claim link to a gift's recipient. Links go to `origin`,
 * which the caller takes from platform/public-origin (never a Host header alone).
 */
export function createOrderLetters(deps: Pick<LetterDeps, "mailer" | "packs">) {
  return {
    /** The one-line description on the provider's page, in the order's language. */
    async description(lang: string, values: { course: string; orderId: string }): Promise<string> {
      const pack = await mailPack<OrdersMailPack>(deps.packs, lang);
      return fill(pack.payment.description, values);
    },
    async receipt(origin: string, r: ReceiptLetter): Promise<void> {
      const pack = await mailPack<OrdersMailPack>(deps.packs, r.lang);
      const money = (minor: number) => formatMoney(minor, r.currency, r.lang);
      await sendLetter(deps.mailer, r.to, pack.receipt, {
        name: r.name,
        number: String(r.receiptNumber),
        orderId: r.orderId,
        course: r.courseTitle,
        price: money(r.listAmountMinor),
        coupon: r.couponCode ? `${r.couponCode} (−${money(r.discountMinor)})` : pack.payment.noCoupon,
        amount: money(r.amountMinor),
        date: formatDate(r.paidAt, r.lang),
        link: `${origin}/${r.lang}/profile/orders/${r.orderId}/`,
      });
    },
    async gift(origin: string, g: GiftLetter): Promise<void> {
      const pack = await mailPack<OrdersMailPack>(deps.packs, g.lang);
      await sendLetter(deps.mailer, g.to, pack.gift, {
        from: g.from,
        course: g.courseTitle,
        message: g.message ?? "",
        link: `${origin}/${g.lang}/gift/${g.token}/`,
      });
    },
  };
}
export type OrderLetters = ReturnType<typeof createOrderLetters>;
