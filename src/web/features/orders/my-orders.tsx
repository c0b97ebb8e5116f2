import { Link } from "react-router";
import type { TOrder } from "../../../domain/order";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { gatewayName } from "./gateway-name";
import { formatMoney, formatOrderDate } from "./money";
import { receiptPath } from "./order-paths";
import { OrderStatusBadge } from "./order-status-badge";

/** Paid orders have a receipt; a refunded one keeps it, marked as refunded. */
const HAS_RECEIPT = new Set(["paid", "reversed"]);

/** The table's columns before the receipt link; amounts line up at the end. */
const COLUMNS: ReadonlyArray<{ key: string; end?: boolean }> = [
  { key: "fields.course" },
  { key: "fields.amount", end: true },
  { key: "fields.currency" },
  { key: "fields.gateway" },
  { key: "fields.status" },
  { key: "fields.date" },
];

/** The learner's orders on the profile, newest first (the profile's loader reads them for the signed-in learner). */
export function MyOrders({ orders }: { orders: readonly TOrder[] }) {
  const { t } = useTranslation("orders");
  const lang = useLang();
  if (orders.length === 0)
    return (
      <p className="text-muted" data-testid="my-orders-empty">
        {t("mine.empty")}
      </p>
    );
  return (
    <div className="overflow-x-auto rounded-component border border-line">
      <table className="w-full text-start text-sm" data-testid="my-orders">
        <caption className="sr-only">{t("mine.title")}</caption>
        <thead className="bg-surface-alt text-muted">
          <tr>
            {COLUMNS.map(({ key, end }) => (
              <th key={key} scope="col" className={`px-3 py-3 font-medium ${end ? "text-end" : "text-start"}`}>
                {t(key)}
              </th>
            ))}
            <th scope="col" className="px-3 py-3 text-start font-medium">
              <span className="sr-only">{t("mine.receipt")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {orders.map((o) => (
            <tr key={o.id} data-testid="my-order" data-order={o.id} data-status={o.status}>
              <th scope="row" className="px-3 py-3 text-start font-semibold text-ink">
                {o.courseTitle}
                {o.gift ? <span className="block text-xs font-normal text-muted">{t("mine.giftFor", { email: o.gift.email })}</span> : null}
              </th>
              <td className="px-3 py-3 text-end font-semibold whitespace-nowrap text-ink">{formatMoney(o.amount, o.currency, lang)}</td>
              <td className="px-3 py-3 text-muted">{o.currency}</td>
              <td className="px-3 py-3 whitespace-nowrap text-ink">{gatewayName(o.gateway, t)}</td>
              <td className="px-3 py-3">
                <OrderStatusBadge status={o.status} />
              </td>
              <td className="px-3 py-3 whitespace-nowrap text-muted">{formatOrderDate(o.paidAt ?? o.createdAt, lang, false)}</td>
              <td className="px-3 py-3">
                {HAS_RECEIPT.has(o.status) ? (
                  <Link
                    to={receiptPath(lang, o.id)}
                    className="font-semibold whitespace-nowrap text-primary-strong hover:underline"
                    aria-label={t("mine.receiptFor", { course: o.courseTitle })}
                    data-testid="my-order-receipt"
                  >
                    {t("mine.receipt")}
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
