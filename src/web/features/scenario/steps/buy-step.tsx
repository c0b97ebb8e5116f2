import { useTranslation } from "../../../i18n/use-translation";
import { formatPrice } from "../../../../domain/blocks/course-format";
import { checkoutFields, type TOrderResponse, ZOrderResponse } from "../../../../domain/order";
import { localError } from "../../../lib/api";
import type { CourseTarget } from "../../../../domain/scenario/course-target";
import { Button } from "../../../components/ui/button";
import { useRootData } from "../../../root-data";
import type { StepProps } from "./step-props";
import { ErrorNotices, StepIntro, useStepRequest } from "./shared";

/** Posts the checkout form to the payment provider, as its checkout expects a browser form post. */
function postCheckout(res: TOrderResponse) {
  if (!res.checkoutUrl) throw new Error("The order has no checkout address");
  const form = document.createElement("form");
  form.method = "POST";
  form.action = res.checkoutUrl;
  form.acceptCharset = "utf-8";
  form.hidden = true;
  for (const [name, value] of checkoutFields(res)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/**
 * The last step of fill-profile-buy: make the order with the gateway, then hand the browser to the
 * provider's checkout. A failure shows its message (seed 001 §8 "buy failure"); an order error state
 * shows the provider's message.
 */
export function BuyCourseStep({ engine }: StepProps) {
  const { t } = useTranslation("auth");
  const root = useRootData();
  const course = engine.option<CourseTarget>("course");
  const { error, setError, send } = useStepRequest(engine);
  if (!course) return <ErrorNotices error={localError("SERVER", "Scenario option not provided")} />;

  async function buy() {
    const resultUrl = new URL(`/${engine.context.lang}/order-result/`, window.location.origin).toString();
    const res = await send("/api/orders", ZOrderResponse, {
      courses: [course!.courseId],
      resultUrl,
      host: window.location.host,
      environmentId: root?.settings.environment.id,
    });
    if (!res.ok) return;
    if (res.data.state === "error") {
      const msg = res.data.meta.error?.message ?? "";
      return setError(localError("ORDER", msg, msg));
    }
    engine.setLoading(true);
    postCheckout(res.data);
  }

  return (
    <div className="flex flex-col gap-3" data-testid="buy-course">
      <StepIntro text={t("buy.description")} />
      {course.price ? <p className="text-xl font-bold text-ink">{formatPrice(course.price.amount, course.price.currency, engine.context.lang)}</p> : null}
      <ErrorNotices error={error} />
      <Button onClick={() => void buy()}>{t("buy.pay")}</Button>
    </div>
  );
}
