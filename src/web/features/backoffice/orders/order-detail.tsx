import { useState } from "react";
import { Link } from "react-router";
import type { TAdminOrderDetail } from "../../../../domain/order-admin";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Container } from "../../../components/ui/container";
import { TextArea } from "../../../components/ui/text-area";
import { TextField } from "../../../components/ui/text-field";
import { loadKeyNamespace } from "../../../i18n/key-namespace";
import { useTranslation } from "../../../i18n/use-translation";
import { useLang } from "../../../root-data";
import { StudioHeader } from "../../studio/studio-header";
import { BackOfficeSection, personPath } from "../backoffice-screen";
import { formatMajor, formatWhen } from "./money-format";
import { refundOrder } from "./orders-calls";

/** /{lang}/studio/orders/:orderId (issue 16): one order, its history, the provider callbacks, and its refund. */
export function OrderDetail({ detail: initial }: { detail: TAdminOrderDetail }) {
  const { t } = useTranslation("backoffice");
  const lang = useLang();
  const [detail, setDetail] = useState(initial);
  const { order } = detail;
  const money = (major: number) => formatMajor(lang, order.currency, major);
  const row = (label: string, value: React.ReactNode) => (
    <div className="flex flex-col gap-1 sm:flex-row sm:gap-4">
      <dt className="min-w-40 text-muted">{label}</dt>
      <dd className="text-ink">{value}</dd>
    </div>
  );
  return (
    <>
      <StudioHeader />
      <Container className="flex flex-col gap-6 py-8">
        <Link to={`/${lang}/studio/orders`} className="self-start font-medium text-primary-strong hover:underline">
          {t("orders.back")}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-title text-3xl font-bold text-ink">{t("order.title", { course: order.courseTitle })}</h1>
          <Badge tone={order.status === "paid" ? "success" : order.status === "reversed" ? "danger" : "neutral"}>
            <span data-testid="order-status">{t(`orders.statuses.${order.status}`)}</span>
          </Badge>
        </div>
        <dl className="flex flex-col gap-2" data-testid="order-facts">
          {row(t("order.id"), <code dir="ltr">{order.id}</code>)}
          {row(
            t("orders.buyer"),
            <Link to={personPath(lang, order.userId)} className="font-medium text-primary-strong hover:underline" data-testid="order-buyer">
              {order.userEmail ?? order.userId}
            </Link>,
          )}
          {row(t("orders.amount"), money(order.amount))}
          {order.coupon ? row(t("order.coupon"), `${order.coupon.code} (−${money(order.coupon.discount)})`) : null}
          {row(t("orders.gateway"), t(`orders.gateways.${order.gateway}`))}
          {row(t("order.receipt"), order.receiptNumber ?? "—")}
          {row(t("orders.when"), formatWhen(lang, order.createdAt))}
        </dl>

        <BackOfficeSection id="order-history-title" title={t("order.history")}>
          <ol className="flex flex-col gap-1" data-testid="order-history">
            {detail.events.map((e, i) => (
              <li key={i} className="text-ink">
                {formatWhen(lang, e.at)} — {t(`orders.statuses.${e.status}`)} · {t(`order.sources.${e.source}`)}
                {e.providerStatus ? <span dir="ltr"> ({e.providerStatus})</span> : null}
              </li>
            ))}
          </ol>
        </BackOfficeSection>

        <BackOfficeSection id="order-callbacks-title" title={t("order.callbacks")}>
          {detail.callbacks.length === 0 ? (
            <p className="text-muted">{t("order.noCallbacks")}</p>
          ) : (
            <ul className="flex flex-col gap-2" data-testid="order-callbacks">
              {detail.callbacks.map((c, i) => (
                <li key={i} className="flex flex-wrap items-center gap-2 rounded-component border border-line p-3 text-ink">
                  <Badge tone={c.verified ? "success" : "danger"}>{c.verified ? t("order.verified") : t("order.refused")}</Badge>
                  <span>{t(`orders.gateways.${c.gateway}`)}</span>
                  <span>{t(`order.outcomes.${c.outcome}`)}</span>
                  {c.providerStatus ? <code dir="ltr">{c.providerStatus}</code> : null}
                  <span className="text-muted">{formatWhen(lang, c.at)}</span>
                </li>
              ))}
            </ul>
          )}
        </BackOfficeSection>

        <BackOfficeSection id="order-refund-title" title={t("order.refund")} gap="gap-3">
          {detail.refund ? (
            <p className="text-ink" data-testid="order-refund">
              {t("order.refunded", { amount: money(detail.refund.amount), when: formatWhen(lang, detail.refund.at), reason: detail.refund.reason })}
            </p>
          ) : order.status === "paid" ? (
            <RefundForm orderId={order.id} max={order.amount} currency={order.currency} onDone={setDetail} />
          ) : (
            <p className="text-muted">{t("order.notRefundable")}</p>
          )}
        </BackOfficeSection>
      </Container>
    </>
  );
}

function RefundForm({ orderId, max, currency, onDone }: { orderId: string; max: number; currency: string; onDone: (d: TAdminOrderDetail) => void }) {
  const { t, i18n } = useTranslation("backoffice");
  const { t: tAny } = useTranslation();
  const [reason, setReason] = useState("");
  const [amount, setAmount] = useState(String(max));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      className="flex max-w-xl flex-col gap-2"
      data-testid="refund-form"
      onSubmit={async (e) => {
        e.preventDefault();
        const value = Number(amount.replace(",", "."));
        if (!reason.trim()) return setError(t("order.reasonRequired"));
        if (!Number.isFinite(value) || value <= 0 || value > max) return setError(t("order.amountRange", { max: String(max) }));
        setBusy(true);
        setError(null);
        const res = await refundOrder(orderId, { reason: reason.trim(), amount: value });
        setBusy(false);
        if (res.ok) return onDone(res.data);
        await loadKeyNamespace(i18n, res.error.key);
        setError(tAny(res.error.key));
      }}
    >
      <p className="text-muted">{t("order.refundIntro")}</p>
      <TextArea label={t("order.reason")} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required />
      <TextField label={t("order.amount", { currency })} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} dir="ltr" />
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <Button type="submit" variant="danger" className="self-start" disabled={busy} data-testid="refund-submit">
        {t("order.refundSubmit")}
      </Button>
    </form>
  );
}
