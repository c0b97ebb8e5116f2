import { useState } from "react";
import { isOpenOrder, type TOrderStatus } from "../../../domain/order";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import { type ApiError, localError } from "../../lib/api";
import { useLang } from "../../root-data";
import { ApiErrorAlert } from "./api-error-alert";
import { Fact } from "./fact";
import { formatMoney } from "./money";
import { decideSandbox, type SandboxDecision } from "./order-calls";

/** Where the sandbox sends the browser after a decision: our own site only (the order's return address). */
function sameSite(url: string): boolean {
  try {
    return new URL(url, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

const DECISIONS: Array<{ decision: SandboxDecision; variant: "flat" | "outline" | "ghost" }> = [
  { decision: "pay", variant: "flat" },
  { decision: "decline", variant: "outline" },
  { decision: "later", variant: "ghost" },
];

/** What the page shows of the order its ticket is for. */
export interface TestPaymentOrder {
  orderId: string;
  courseTitle: string;
  amount: number;
  currency: string;
  status: TOrderStatus;
}

/**
 * /{lang}/test-payment/{orderId}/?t=ticket (decision 0031): Mentora's own checkout for the sandbox
 * gateway, marked on every screen as a test in which no money moves. Pay, Decline and Pay later
 * (the order stays pending and settles a few seconds later) are posted to the sandbox, which signs
 * and delivers the callback as a provider would and answers with where the browser goes next.
 * Without a valid ticket (payment null) the page says the link is not valid.
 */
export function TestPaymentView({ payment, ticket }: { payment: TestPaymentOrder | null; ticket: string }) {
  const { t } = useTranslation("orders");
  const lang = useLang();
  const [busy, setBusy] = useState<SandboxDecision | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  async function decide(decision: SandboxDecision) {
    if (!payment) return;
    setBusy(decision);
    setError(null);
    const res = await decideSandbox(payment.orderId, ticket, decision);
    if (res.ok && sameSite(res.data.redirect)) return window.location.assign(res.data.redirect);
    setBusy(null);
    setError(res.ok ? localError("REPLY-INVALID", "errors:codes.INTERNAL") : res.error);
  }

  return (
    <div className="flex min-h-screen flex-col" data-testid="test-payment">
      <div className="border-b-4 border-warning bg-warning/15 px-4 py-3" data-testid="test-payment-banner">
        <p className="mx-auto flex max-w-xl items-center gap-3 font-semibold text-ink">
          <Icon name="alert" className="size-5 shrink-0 text-warning" />
          {t("testPayment.banner")}
        </p>
      </div>
      <div className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-6 px-4 py-10">
        <header className="flex flex-col gap-2">
          <p className="text-sm font-semibold tracking-wide text-muted uppercase">{t("testPayment.kicker")}</p>
          <h1 className="font-title text-3xl font-bold text-ink">{t("testPayment.title")}</h1>
          <p className="text-muted">{t("testPayment.intro")}</p>
        </header>
        {!payment ? (
          <Alert tone="warning" title={t("testPayment.missing.title")}>
            <p>{t("testPayment.missing.text")}</p>
          </Alert>
        ) : (
          <>
            <section aria-labelledby="test-payment-order" className="rounded-component border border-line bg-surface p-5 shadow-sm">
              <h2 id="test-payment-order" className="sr-only">
                {t("testPayment.orderHeading")}
              </h2>
              <dl className="flex flex-col gap-4">
                <Fact label={t("fields.course")} testId="test-payment-course" valueClassName="text-lg font-semibold text-ink">
                  {payment.courseTitle}
                </Fact>
                <Fact label={t("fields.amount")} testId="test-payment-amount" valueClassName="text-3xl font-bold text-ink">
                  {formatMoney(payment.amount, payment.currency, lang)}
                </Fact>
              </dl>
            </section>
            {isOpenOrder(payment.status) ? (
              <div className="flex flex-col gap-3" role="group" aria-label={t("testPayment.choose")}>
                {DECISIONS.map(({ decision, variant }) => (
                  <div key={decision} className="flex flex-col gap-1">
                    <Button
                      variant={variant}
                      disabled={busy !== null}
                      aria-describedby={`test-payment-${decision}-hint`}
                      onClick={() => void decide(decision)}
                      data-testid={`test-payment-${decision}`}
                    >
                      {busy === decision ? (
                        <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />
                      ) : null}
                      {t(`testPayment.${decision}.action`)}
                    </Button>
                    <p id={`test-payment-${decision}-hint`} className="text-center text-sm text-muted">
                      {t(`testPayment.${decision}.hint`)}
                    </p>
                  </div>
                ))}
              </div>
            ) : (
              <Alert tone="info" title={t("testPayment.settled.title")}>
                <p>{t("testPayment.settled.text", { status: t(`status.${payment.status}`) })}</p>
              </Alert>
            )}
            {error ? <ApiErrorAlert error={error} /> : null}
          </>
        )}
      </div>
    </div>
  );
}
