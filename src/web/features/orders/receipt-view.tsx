import { Link } from "react-router";
import { localized } from "../../../domain/localized";
import type { TOrder } from "../../../domain/order";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import { useLang, useRootData } from "../../root-data";
import { useAuth } from "../auth/use-auth";
import { gatewayName } from "./gateway-name";
import { Fact } from "./fact";
import { formatMoney, formatOrderDate } from "./money";
import { OrderStatusBadge } from "./order-status-badge";

function Receipt({ order }: { order: TOrder }) {
  const { t } = useTranslation("orders");
  const lang = useLang();
  const root = useRootData();
  const { user } = useAuth();
  const site = root ? localized(root.settings.portal.title, lang, root.settings.portal.i18n.primaryLang) : "";
  const money = (v: number) => formatMoney(v, order.currency, lang);
  const paid = order.status === "paid" || order.status === "reversed";
  const billedTo = [user.fullName, user.email].filter(Boolean).join(" · ");
  return (
    <article
      className="flex flex-col gap-8 rounded-component border border-line bg-surface p-6 shadow-sm sm:p-10 print:border-0 print:p-0 print:shadow-none"
      data-testid="receipt"
      data-status={order.status}
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <p className="text-sm font-semibold text-muted">{site}</p>
          <h1 className="font-title text-3xl font-bold text-ink">
            {paid && order.receiptNumber !== null ? t("receipt.title", { number: order.receiptNumber }) : t("receipt.orderTitle")}
          </h1>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>
      {order.status === "reversed" ? (
        <Alert tone="warning" title={t("receipt.reversed.title")}>
          <p data-testid="receipt-reversed">
            {order.reversedAt ? t("receipt.reversed.text", { date: formatOrderDate(order.reversedAt, lang) }) : t("receipt.reversed.textNoDate")}
          </p>
        </Alert>
      ) : null}
      {!paid ? (
        <Alert tone="info" title={t("receipt.unpaid.title")}>
          <p>{t("receipt.unpaid.text")}</p>
        </Alert>
      ) : null}
      <dl className="grid gap-5 sm:grid-cols-2">
        {order.receiptNumber !== null ? (
          <Fact label={t("fields.receiptNumber")} testId="receipt-number">
            {order.receiptNumber}
          </Fact>
        ) : null}
        <Fact label={order.paidAt ? t("fields.paidAt") : t("fields.date")}>{formatOrderDate(order.paidAt ?? order.createdAt, lang)}</Fact>
        <Fact label={t("fields.order")}>
          <bdi dir="ltr" className="font-mono text-sm break-all">
            {order.id}
          </bdi>
        </Fact>
        {billedTo ? <Fact label={t("fields.billedTo")}>{billedTo}</Fact> : null}
        <Fact label={t("fields.course")} testId="receipt-course">
          {order.courseTitle}
        </Fact>
        <Fact label={t("fields.gateway")}>{gatewayName(order.gateway, t)}</Fact>
        {order.gift ? (
          <Fact label={t("fields.giftFor")}>
            <bdi dir="ltr" className="break-all">
              {order.gift.email}
            </bdi>
          </Fact>
        ) : null}
      </dl>
      <section aria-labelledby="receipt-amounts" className="flex flex-col gap-3">
        <h2 id="receipt-amounts" className="font-title text-xl font-bold text-ink">
          {t("receipt.amounts")}
        </h2>
        <dl className="flex flex-col divide-y divide-line overflow-hidden rounded-component border border-line">
          <div className="flex justify-between gap-4 px-4 py-3">
            <dt className="text-muted">{t("fields.listPrice")}</dt>
            <dd className="text-ink" data-testid="receipt-list-price">
              {money(order.listAmount)}
            </dd>
          </div>
          {order.coupon ? (
            <div className="flex justify-between gap-4 px-4 py-3">
              <dt className="text-muted">{t("fields.discount", { code: order.coupon.code })}</dt>
              <dd className="text-success" data-testid="receipt-discount">
                {/* The locale's own minus sign and its place (Arabic puts it where a reader of Arabic looks). */}
                {money(-order.coupon.discount)}
              </dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-4 bg-surface-alt px-4 py-3">
            <dt className="font-semibold text-ink">{paid ? t("fields.paid") : t("fields.amount")}</dt>
            <dd className="text-lg font-bold text-ink" data-testid="receipt-amount">
              {money(order.amount)}
            </dd>
          </div>
        </dl>
      </section>
      {order.history.length > 0 ? (
        <section aria-labelledby="receipt-history" className="flex flex-col gap-3">
          <h2 id="receipt-history" className="font-title text-xl font-bold text-ink">
            {t("receipt.history")}
          </h2>
          <ol className="flex flex-col gap-2 border-s-2 border-line ps-4" data-testid="receipt-history">
            {order.history.map((h, i) => (
              <li key={`${h.status}-${i}`} className="flex flex-wrap items-center gap-3">
                <OrderStatusBadge status={h.status} />
                <time dateTime={h.at} className="text-sm text-muted">
                  {formatOrderDate(h.at, lang)}
                </time>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </article>
  );
}

/**
 * /{lang}/profile/orders/{orderId}/ (decision 0031 "Receipts"): the printable receipt of one of the
 * learner's orders: number, date, course, list price, coupon, amount paid, status history; a refund
 * says so. The loader reads it for its owner only; null is an order this account does not have.
 */
export function ReceiptView({ order }: { order: TOrder | null }) {
  const { t } = useTranslation("orders");
  const lang = useLang();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 print:max-w-none print:py-0" data-testid="profile-order-page">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={`/${lang}/profile`} className="inline-flex items-center gap-2 text-sm font-medium text-primary-strong hover:underline">
          <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
          {t("receipt.back")}
        </Link>
        {order ? (
          <Button variant="outline" size="sm" onClick={() => window.print()} data-testid="receipt-print">
            <Icon name="printer" className="size-4" />
            {t("receipt.print")}
          </Button>
        ) : null}
      </div>
      {order ? (
        <Receipt order={order} />
      ) : (
        <section className="flex flex-col gap-2" data-testid="receipt-missing">
          <h1 className="font-title text-3xl font-bold text-ink">{t("result.not-found.title")}</h1>
          <p className="text-muted">{t("result.not-found.text")}</p>
        </section>
      )}
    </div>
  );
}
