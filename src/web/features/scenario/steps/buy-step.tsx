import { useState } from "react";
import { z } from "zod";
import { useTranslation } from "../../../i18n/use-translation";
import { ZCouponCode, type TOrderQuote } from "../../../../domain/order";
import type { CourseTarget } from "../../../../domain/scenario/course-target";
import { ZEmail } from "../../../../domain/validation/fields";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { TextArea } from "../../../components/ui/text-area";
import { TextField } from "../../../components/ui/text-field";
import { type ApiError, localError } from "../../../lib/api";
import { useRootData } from "../../../root-data";
import { orderNext, postCheckout } from "../../orders/checkout";
import { formatMoney } from "../../orders/money";
import { makeOrder, quoteOrder } from "../../orders/order-calls";
import { continueOf, orderResultUrl } from "../../orders/order-paths";
import { useZodForm } from "../use-zod-form";
import type { StepProps } from "./step-props";
import { ErrorNotices, StepIntro, StepTextField, useMessage } from "./shared";

const ZGiftForm = z.object({ email: ZEmail });
/** What a gift letter may carry (ZGiftRequest.message). */
const GIFT_MESSAGE_MAX = 500;

type Coupon = { state: "none" } | { state: "applied"; code: string; quote: TOrderQuote } | { state: "refused"; code: string; error: ApiError };

/** The price line: the list price struck through and the coupon's price when one applies. */
function PriceLine({ course, coupon, lang }: { course: CourseTarget; coupon: Coupon; lang: string }) {
  const { t } = useTranslation("auth");
  if (coupon.state === "applied") {
    const { quote } = coupon;
    return (
      <div className="flex flex-col gap-1" data-testid="buy-price" data-amount={quote.amount}>
        <p className="flex flex-wrap items-baseline gap-x-3 text-ink">
          <span className="text-2xl font-bold">{formatMoney(quote.amount, quote.currency, lang)}</span>
          {quote.amount !== quote.listAmount ? (
            <s className="text-muted">
              <span className="sr-only">{t("buy.listPrice")} </span>
              {formatMoney(quote.listAmount, quote.currency, lang)}
            </s>
          ) : null}
        </p>
        {quote.coupon ? (
          <p className="text-sm text-success" data-testid="buy-coupon-applied">
            {t("buy.couponApplied", { code: quote.coupon.code, discount: formatMoney(-quote.coupon.discount, quote.currency, lang) })}
          </p>
        ) : null}
      </div>
    );
  }
  if (!course.price) return null;
  return (
    <p className="text-2xl font-bold text-ink" data-testid="buy-price" data-amount={course.price.amount}>
      {formatMoney(course.price.amount, course.price.currency, lang)}
    </p>
  );
}

/**
 * The last step of fill-profile-buy (seed 001 §4, seed 000 §4 "Order"): the price, an optional coupon
 * (checked with a quote before anything is signed), an optional gift for another address; then the
 * order is made with the portal's default gateway (never named here) and the browser is handed to
 * the provider's checkout, or, for an order a coupon made free, to the result page. An order error
 * state shows the provider's message wrapped in a sentence of the learner's language (seed 000 §8).
 */
export function BuyCourseStep({ engine }: StepProps) {
  const { t } = useTranslation("auth");
  const message = useMessage();
  const root = useRootData();
  const lang = engine.context.lang;
  const course = engine.option<CourseTarget>("course");
  const [couponText, setCouponText] = useState("");
  const [coupon, setCoupon] = useState<Coupon>({ state: "none" });
  const [checking, setChecking] = useState(false);
  const [asGift, setAsGift] = useState(false);
  const [giftMessage, setGiftMessage] = useState("");
  const gift = useZodForm(ZGiftForm, { email: "" });
  const [error, setError] = useState<ApiError | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!course) return <ErrorNotices error={localError("SERVER", "Scenario option not provided")} />;
  const target = course;

  /** Asks for the coupon's price; returns the code to order with, or null when it was refused. */
  async function applyCoupon(text: string): Promise<Coupon> {
    const parsed = ZCouponCode.safeParse(text);
    if (!parsed.success) {
      const next: Coupon = { state: "refused", code: text, error: localError("COUPON", "buy.couponFormat") };
      setCoupon(next);
      return next;
    }
    setChecking(true);
    const res = await quoteOrder(target.courseId, parsed.data);
    setChecking(false);
    const next: Coupon = res.ok ? { state: "applied", code: parsed.data, quote: res.data } : { state: "refused", code: parsed.data, error: res.error };
    setCoupon(next);
    return next;
  }

  async function pay() {
    setError(null);
    setRefusal(null);
    // A code typed but not applied is applied now: the learner sees its price or why it was refused before paying.
    const typed = couponText.trim();
    let applied = coupon;
    if (typed === "") applied = { state: "none" };
    else if (coupon.state === "none" || coupon.code !== typed.toUpperCase()) applied = await applyCoupon(typed);
    if (applied.state === "refused") return;
    const giftData = asGift ? gift.submit() : null;
    if (asGift && !giftData) return;

    engine.setLoading(true);
    let continuePath: string | null = null;
    try {
      continuePath = continueOf(await target.resolveElementPath());
    } catch {
      // Without it the result page continues to the course page.
    }
    const res = await makeOrder({
      courses: [target.courseId],
      resultUrl: orderResultUrl(window.location.origin, lang, continuePath),
      host: window.location.host,
      environmentId: root?.settings.environment.id ?? "",
      ...(applied.state === "applied" ? { coupon: applied.code } : {}),
      ...(giftData ? { gift: { email: giftData.email, ...(giftMessage.trim() ? { message: giftMessage.trim() } : {}) } } : {}),
    });
    if (!res.ok) {
      engine.setLoading(false);
      if (res.error.validationErrors?.some((v) => v.path.startsWith("gift"))) {
        gift.setServerErrors(res.error.validationErrors.filter((v) => v.path.startsWith("gift.")).map((v) => ({ ...v, path: v.path.slice(5) })));
      }
      return setError(res.error);
    }
    const next = orderNext(res.data);
    switch (next.kind) {
      case "checkout":
        // The popup stays busy while the browser leaves for the provider.
        return postCheckout(next.action, next.fields);
      case "result":
        if (new URL(next.url, window.location.origin).origin === window.location.origin) return window.location.assign(next.url);
        break;
      case "refused":
        engine.setLoading(false);
        return setRefusal(next.message);
    }
    engine.setLoading(false);
    setError(localError("REPLY-INVALID", "errors:codes.INTERNAL"));
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      data-testid="buy-course"
      onSubmit={(e) => {
        e.preventDefault();
        void pay();
      }}
    >
      <StepIntro text={t("buy.description")} />
      <PriceLine course={target} coupon={coupon} lang={lang} />
      <div className="flex items-start gap-2">
        <TextField
          className="flex-1"
          label={t("buy.coupon")}
          name="coupon"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={couponText}
          onChange={(e) => {
            setCouponText(e.target.value);
            // An edited code is a new one: its price or refusal comes with Apply (or Pay).
            if (coupon.state !== "none") setCoupon({ state: "none" });
          }}
          error={coupon.state === "refused" ? message(coupon.error.key) : undefined}
          data-testid="buy-coupon"
        />
        <Button
          variant="outline"
          // Level with the input: below its label (text-sm line and the field's gap).
          className="mt-[1.625rem] shrink-0"
          disabled={checking || couponText.trim() === ""}
          onClick={() => void applyCoupon(couponText.trim())}
          data-testid="buy-coupon-apply"
        >
          {t("buy.apply")}
        </Button>
      </div>
      <Checkbox label={t("buy.asGift")} description={t("buy.giftHint")} checked={asGift} onChange={(e) => setAsGift(e.target.checked)} data-testid="buy-gift" />
      {asGift ? (
        <div className="flex flex-col gap-1 border-s-4 border-primary-soft ps-4">
          <StepTextField form={gift} name="email" label={t("buy.giftEmail")} type="email" autoComplete="off" required data-testid="buy-gift-email" />
          <TextArea
            label={t("buy.giftMessage")}
            hint={t("buy.giftMessageHint", { max: GIFT_MESSAGE_MAX })}
            name="giftMessage"
            rows={3}
            maxLength={GIFT_MESSAGE_MAX}
            value={giftMessage}
            onChange={(e) => setGiftMessage(e.target.value)}
            data-testid="buy-gift-message"
          />
        </div>
      ) : null}
      {refusal !== null ? (
        <Alert tone="danger" title={t("buy.refused")}>
          {refusal ? <p data-testid="buy-refusal">{refusal}</p> : null}
        </Alert>
      ) : null}
      <ErrorNotices error={error} />
      <Button type="submit" disabled={checking} data-testid="buy-pay">
        {asGift ? t("buy.payGift") : t("buy.pay")}
      </Button>
    </form>
  );
}
