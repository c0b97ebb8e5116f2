import { useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { formatPrice } from "../../../../domain/blocks/course-format";
import type { CourseTarget } from "../../../../domain/scenario/course-target";
import { ZProfileFill } from "../../../../domain/validation/forms";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useAuth } from "../../auth/use-auth";
import { enterMovesFocus, useZodForm } from "../use-zod-form";
import type { StepProps } from "./step-props";
import { ZUser } from "../../../../domain/user-schema";
import { localError } from "../../../lib/api";
import { StepTextField, ErrorNotices, StepIntro, takenFieldIssue, useMessage, useStepRequest } from "./shared";

/**
 * Seed 001 §5 profile-fill: e-mail and phone both required; a failed check shows the auth error.
 * profile-fill-two is the same form before paying for a course (its receipt goes to these contacts).
 */
function ProfileForm({ engine, variant }: StepProps & { variant: "one" | "two" }) {
  const { t } = useTranslation("auth");
  const message = useMessage();
  const { user, refresh } = useAuth();
  // A new address waiting for its confirmation link is what the learner last entered.
  const form = useZodForm(ZProfileFill, { email: user.pendingEmail ?? user.email ?? "", phone: user.phone ?? "" });
  const { error, setError, send } = useStepRequest(engine);
  const course = engine.option<CourseTarget>("course");
  // Set by a failed submit, cleared by a valid one: never by typing or blur, as a popup changing
  // height under the pointer would move the button away from a click.
  const [invalid, setInvalid] = useState(false);

  const onSubmit = form.handleSubmit(async (data) => {
    setInvalid(false);
    // A new e-mail is kept pending and mailed a confirmation link in the page's language.
    const res = await send("/api/users/me/profile", ZUser, { core: { ...data, complete: true }, lang: engine.context.lang }, "PATCH");
    if (!res.ok) {
      const taken = takenFieldIssue(res.error, Object.keys(form.values));
      if (taken) {
        form.setServerErrors([taken]);
        setError(null);
      } else if (res.error.validationErrors) form.setServerErrors(res.error.validationErrors);
      return;
    }
    try {
      await refresh();
      await engine.next(variant === "two" ? "buy-course" : "success");
    } catch (e) {
      setError(localError("SERVER", (e as Error).message, (e as Error).message));
    }
  });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        setInvalid(true);
        void onSubmit(e);
      }}
      onKeyDown={enterMovesFocus}
      className="flex flex-col gap-3"
    >
      <StepIntro text={t(variant === "two" ? "profileFill.descriptionBuy" : "profileFill.description")} />
      {variant === "two" && course?.price ? (
        <p className="font-semibold text-ink" data-testid="buy-price">
          {t("buy.price", { price: formatPrice(course.price.amount, course.price.currency, engine.context.lang) })}
        </p>
      ) : null}
      <ErrorNotices error={error} />
      <StepTextField form={form} name="email" label={t("fields.email")} type="email" autoComplete="email" required />
      <StepTextField form={form} name="phone" label={t("fields.phone")} type="tel" inputMode="tel" autoComplete="tel" placeholder="+905551234567" required />
      <Button type="submit">{t(variant === "two" ? "profileFill.continueBuy" : "profileFill.submit")}</Button>
      {invalid ? <Alert tone="danger" title={message("env.scenarious.popup.auth.error")} /> : null}
    </form>
  );
}

export function ProfileFillStep({ engine }: StepProps) {
  return <ProfileForm engine={engine} variant="one" />;
}

export function ProfileFillTwoStep({ engine }: StepProps) {
  return <ProfileForm engine={engine} variant="two" />;
}
