import { useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { isOpenOrder, ORDER_POLL_LIMIT_MS, ORDER_POLL_MS, type TOrder } from "../../../domain/order";
import { Button, ButtonLink, buttonClass } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { Icon, type IconName } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import { ApiFailure, orThrow } from "../../lib/api";
import { useLang } from "../../root-data";
import { useAuth } from "../auth/use-auth";
import { coursePath } from "../learning/rules";
import { useScenario } from "../scenario/use-scenario";
import { Fact } from "./fact";
import { formatMoney } from "./money";
import { getOrder, orderKeys } from "./order-calls";
import { continueHref } from "./order-paths";
import { nextPollMs, type OrderRead, type ResultScreen, resultScreen, screenTone } from "./result-state";

const TONE_STYLE: Record<ReturnType<typeof screenTone>, { icon: IconName; ring: string }> = {
  success: { icon: "check", ring: "bg-success/10 text-success" },
  info: { icon: "info", ring: "bg-primary-soft text-primary-strong" },
  warning: { icon: "alert", ring: "bg-warning/10 text-warning" },
  danger: { icon: "close", ring: "bg-danger/10 text-danger" },
};

/**
 * The order as the server rendered it, then, while it is open, asked again every ORDER_POLL_MS until
 * it settles or the waiting time (ORDER_POLL_LIMIT_MS from the first sight of it open) is over.
 */
function useOrderResult(orderId: string, lang: string, signedIn: boolean, initial: TOrder | null, missing: boolean) {
  const [waitedTooLong, setWaitedTooLong] = useState(false);
  // Bumped by "check again": a new waiting window.
  const [round, setRound] = useState(0);
  // A settled order stays as the server rendered it; an open one (or none yet, for a learner who has just signed in) is asked for.
  const asking = signedIn && !missing && (initial === null || isOpenOrder(initial.status));
  const query = useQuery({
    queryKey: orderKeys.one(orderId, lang),
    queryFn: ({ signal }) => orThrow(getOrder(orderId, lang, signal)),
    enabled: asking,
    refetchInterval: (q) => {
      const status = q.state.data?.status ?? initial?.status;
      return status && isOpenOrder(status) && !waitedTooLong ? ORDER_POLL_MS : false;
    },
    refetchIntervalInBackground: true,
  });
  const order = (asking ? query.data : undefined) ?? initial ?? undefined;
  const read: OrderRead = order
    ? { kind: "order", status: order.status }
    : missing
      ? { kind: "failed", httpStatus: 404 }
      : query.error
        ? { kind: "failed", httpStatus: query.error instanceof ApiFailure ? query.error.error.status : 0 }
        : { kind: "loading" };
  const screen = resultScreen(read, { signedIn, waitedTooLong });
  const open = read.kind === "order" && isOpenOrder(read.status);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setWaitedTooLong(true), ORDER_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [open, round]);

  const checkAgain = () => {
    setWaitedTooLong(false);
    setRound((r) => r + 1);
    void query.refetch();
  };
  return { order, screen, checkAgain, retry: () => void query.refetch(), polling: nextPollMs(screen, ORDER_POLL_MS) !== false };
}

/** The facts of the order under the outcome: course and amount. */
function OrderFacts({ order }: { order: TOrder }) {
  const { t } = useTranslation("orders");
  const lang = useLang();
  return (
    <dl className="grid gap-3 rounded-component bg-surface-alt p-4 text-start sm:grid-cols-2" data-testid="order-facts">
      <Fact label={t("fields.course")}>{order.courseTitle}</Fact>
      <Fact label={t("fields.amount")} testId="order-amount">
        {formatMoney(order.amount, order.currency, lang)}
      </Fact>
      {order.gift ? (
        <Fact label={t("fields.giftFor")} className="sm:col-span-2" valueClassName="font-semibold break-all text-ink" dir="ltr">
          {order.gift.email}
        </Fact>
      ) : null}
    </dl>
  );
}

/** The title and text of a screen; gift orders and refunds name what they concern. */
function screenTexts(screen: ResultScreen, order: TOrder | undefined, t: (key: string, o?: Record<string, unknown>) => string) {
  const course = order?.courseTitle ?? "";
  if (screen === "paid" && order?.gift) return { title: t("result.paidGift.title"), text: t("result.paidGift.text", { email: order.gift.email }) };
  return { title: t(`result.${screen}.title`), text: t(`result.${screen}.text`, { course }) };
}

/**
 * /{lang}/order-result/{orderId}/ (seed 000 §2.1, §4 "Order"): the outcome of a purchase. An open
 * order is asked about every ORDER_POLL_MS with a visible progress state; after ORDER_POLL_LIMIT_MS
 * the page stops and says the e-mail will follow. "Continue" is a full page load, so the bought
 * course's pages come back whole with the new access (seed 000 §4). A guest, or an order of another
 * account, gets the sign-in or not-found state: the loader and the API answer only the owner.
 */
export function OrderResultView({ orderId, initial, missing }: { orderId: string; initial: TOrder | null; missing: boolean }) {
  const { t } = useTranslation("orders");
  const lang = useLang();
  const { signedIn } = useAuth();
  const engine = useScenario();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { order, screen, checkAgain, retry, polling } = useOrderResult(orderId, lang, signedIn, initial, missing);
  const tone = TONE_STYLE[screenTone(screen)];
  const texts = screen === "loading" ? null : screenTexts(screen, order, t);

  // Paid for oneself: on into the element the purchase started from; otherwise back to the course (to buy again, or to read the refund).
  const primaryHref = order
    ? screen === "paid" && !order.gift
      ? continueHref(lang, order.courseId, order.continuePath ?? searchParams.get("continue"))
      : coursePath(lang, order.courseId)
    : null;

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-6 px-4 py-12 text-center sm:py-20" data-testid="order-result" data-screen={screen}>
      <div aria-live="polite" className="flex flex-col items-center gap-4">
        {screen === "loading" || screen === "pending" ? (
          <span className="flex size-16 items-center justify-center rounded-full bg-primary-soft" aria-hidden="true">
            <span className="size-8 animate-spin rounded-full border-4 border-primary border-t-transparent" />
          </span>
        ) : (
          <span className={cn("flex size-16 items-center justify-center rounded-full", tone.ring)} aria-hidden="true">
            <Icon name={tone.icon} className="size-8" />
          </span>
        )}
        <h1 className="font-title text-3xl font-bold text-ink">{texts ? texts.title : t("result.loading")}</h1>
        {texts?.text ? <p className="text-lg text-muted">{texts.text}</p> : null}
        {polling ? (
          <p className="flex items-center gap-2 text-sm text-muted" data-testid="order-polling">
            <span className="relative flex size-2.5" aria-hidden="true">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-primary opacity-75" />
              <span className="relative inline-flex size-2.5 rounded-full bg-primary" />
            </span>
            {t("result.pending.progress")}
          </p>
        ) : null}
      </div>
      {order && screen !== "not-found" ? <OrderFacts order={order} /> : null}
      <div className="flex flex-wrap justify-center gap-3">
        {screen === "sign-in" ? (
          <Button onClick={() => void engine.start("login", { returnTo: `${location.pathname}${location.search}` })} data-testid="order-sign-in">
            <Icon name="user" className="size-4" />
            {t("result.sign-in.action")}
          </Button>
        ) : null}
        {screen === "slow" ? (
          <Button variant="outline" onClick={checkAgain} data-testid="order-check-again">
            <Icon name="refresh" className="size-4" />
            {t("result.slow.check")}
          </Button>
        ) : null}
        {screen === "error" ? (
          <Button variant="outline" onClick={retry} data-testid="order-retry">
            <Icon name="refresh" className="size-4" />
            {t("result.error.retry")}
          </Button>
        ) : null}
        {primaryHref && screen !== "pending" ? (
          // A plain link, not the router's: a full page load, so the course comes back with its new access.
          <a href={primaryHref} className={buttonClass(screen === "paid" ? "flat" : "outline", "md")} data-testid="order-continue">
            {screen === "paid" && !order?.gift ? t("result.continue") : t("result.toCourse")}
            <Icon name="arrow-end" className="size-4 rtl:-scale-x-100" />
          </a>
        ) : null}
        {screen === "not-found" ? (
          <ButtonLink to={`/${lang}/courses/`} variant="outline" data-testid="order-catalogue">
            {t("result.toCatalogue")}
          </ButtonLink>
        ) : null}
      </div>
    </div>
  );
}
