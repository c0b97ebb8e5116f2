import { Form, Link } from "react-router";
import { BackOfficeScreen, BackOfficeSection, personPath } from "../backoffice-screen";
import { GATEWAYS, ORDER_STATUSES } from "../../../../domain/order";
import type { TOrderTotal } from "../../../../domain/order-admin";
import { Button, ButtonLink, buttonClass } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/select-field";
import { TextField } from "../../../components/ui/text-field";
import { useTranslation } from "../../../i18n/use-translation";
import { useLang } from "../../../root-data";
import { formatMajor, formatMinor, formatWhen } from "./money-format";
import { csvHref, filterSearch, type OrdersFilter } from "./orders-filter";

export interface OrdersListRow {
  id: string;
  courseTitle: string;
  userId: string;
  userEmail: string | null;
  currency: string;
  amount: number;
  gateway: string;
  status: string;
  createdAt: string;
}

/**
 * /{lang}/studio/orders (issue 16): the portal's orders, filtered by a GET form (the address holds
 * the filter, so it is shared and reloaded as is), totals per currency of the whole filter, paging,
 * and the CSV export of the filter.
 */
export function OrdersList({
  filter,
  orders,
  next,
  totals,
  courses,
}: {
  filter: OrdersFilter;
  orders: OrdersListRow[];
  next: string | null;
  totals: TOrderTotal[];
  courses: Array<{ id: string; title: string }>;
}) {
  const { t } = useTranslation("backoffice");
  const lang = useLang();
  return (
    <BackOfficeScreen title={t("orders.title")} intro={t("orders.intro")}>
      <Form method="get" className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-5" aria-label={t("orders.filter")} data-testid="orders-filter">
        <SelectField
          name="courseId"
          label={t("orders.course")}
          placeholder={t("orders.any")}
          defaultValue={filter.courseId ?? ""}
          options={courses.map((c) => ({ value: c.id, label: c.title }))}
        />
        <SelectField
          name="status"
          label={t("orders.status")}
          placeholder={t("orders.any")}
          defaultValue={filter.status ?? ""}
          options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`orders.statuses.${s}`) }))}
        />
        <SelectField
          name="gateway"
          label={t("orders.gateway")}
          placeholder={t("orders.any")}
          defaultValue={filter.gateway ?? ""}
          options={GATEWAYS.map((g) => ({ value: g, label: t(`orders.gateways.${g}`) }))}
        />
        <TextField name="from" type="date" label={t("orders.from")} defaultValue={filter.from ?? ""} reserveErrorSpace />
        <TextField name="to" type="date" label={t("orders.to")} defaultValue={filter.to ?? ""} reserveErrorSpace />
        <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-5">
          <Button type="submit" variant="gradient" data-testid="orders-apply">
            {t("orders.apply")}
          </Button>
          <ButtonLink to={`/${lang}/studio/orders`} variant="ghost">
            {t("orders.clear")}
          </ButtonLink>
          <a href={csvHref(filter)} download className={buttonClass("outline")} data-testid="orders-csv">
            {t("orders.exportCsv")}
          </a>
        </div>
      </Form>

      <BackOfficeSection id="orders-totals-title" title={t("orders.totals")}>
        {totals.length === 0 ? (
          <p className="text-muted">{t("orders.none")}</p>
        ) : (
          <ul className="flex flex-wrap gap-3" data-testid="orders-totals">
            {totals.map((x) => (
              <li key={x.currency} className="rounded-component border border-line bg-surface p-3" data-testid={`orders-total-${x.currency}`}>
                <p className="font-semibold text-ink">{formatMinor(lang, x.currency, x.amountMinor)}</p>
                <p className="text-sm text-muted">
                  {t("orders.totalLine", {
                    n: String(x.count),
                    paid: formatMinor(lang, x.currency, x.paidMinor),
                    refunded: formatMinor(lang, x.currency, x.refundedMinor),
                  })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </BackOfficeSection>

      <BackOfficeSection id="orders-list-title" title={t("orders.list")} gap="gap-3">
        {orders.length === 0 ? (
          <p className="text-muted">{t("orders.none")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-start text-sm" data-testid="orders-table">
              <thead>
                <tr className="border-b border-line text-muted">
                  <th scope="col" className="p-2 text-start font-medium">
                    {t("orders.when")}
                  </th>
                  <th scope="col" className="p-2 text-start font-medium">
                    {t("orders.course")}
                  </th>
                  <th scope="col" className="p-2 text-start font-medium">
                    {t("orders.buyer")}
                  </th>
                  <th scope="col" className="p-2 text-end font-medium">
                    {t("orders.amount")}
                  </th>
                  <th scope="col" className="p-2 text-start font-medium">
                    {t("orders.gateway")}
                  </th>
                  <th scope="col" className="p-2 text-start font-medium">
                    {t("orders.status")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.id} className="border-b border-line" data-testid="orders-row" data-order-id={o.id}>
                    <td className="p-2 text-ink">
                      <Link to={`/${lang}/studio/orders/${o.id}`} className="font-medium text-primary-strong underline-offset-2 hover:underline">
                        {formatWhen(lang, o.createdAt)}
                      </Link>
                    </td>
                    <td className="p-2 text-ink">{o.courseTitle}</td>
                    <td className="p-2 text-ink">
                      <Link to={personPath(lang, o.userId)} className="text-primary-strong underline-offset-2 hover:underline">
                        {o.userEmail ?? o.userId}
                      </Link>
                    </td>
                    <td className="p-2 text-end text-ink tabular-nums">{formatMajor(lang, o.currency, o.amount)}</td>
                    <td className="p-2 text-ink">{t(`orders.gateways.${o.gateway}`)}</td>
                    <td className="p-2 text-ink">{t(`orders.statuses.${o.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {next ? (
          <Link to={filterSearch(filter, next)} className="self-start font-medium text-primary-strong hover:underline" data-testid="orders-next">
            {t("orders.nextPage")}
          </Link>
        ) : null}
      </BackOfficeSection>
    </BackOfficeScreen>
  );
}
