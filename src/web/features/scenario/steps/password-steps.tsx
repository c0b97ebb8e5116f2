import { useTranslation } from "../../../i18n/use-translation";
import { ZForgotPassword, ZRestorePassword } from "../../../../domain/validation/forms";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { enterMovesFocus, useZodForm } from "../use-zod-form";
import type { StepProps } from "./step-props";
import { ZStateOk } from "../../../../domain/api-replies";
import { ErrorNotices, StepIntro, StepTextField, useStepRequest } from "./shared";

export function ForgotPasswordStep({ engine }: StepProps) {
  const { t } = useTranslation("auth");
  const form = useZodForm(ZForgotPassword, { email: "" });
  const { error, setError, send } = useStepRequest(engine);

  const onSubmit = form.handleSubmit(async (data) => {
    const res = await send("/api/auth/password/forgot", ZStateOk, { email: data.email, website: window.location.href });
    if (!res.ok) {
      // Seed 001 §8: a server error shows its message; a failure to reach it the notify error.
      return setError(res.error.code === "NETWORK" ? { ...res.error, key: "env.scenarious.popup.password.notify.error" } : res.error);
    }
    engine.setOption("email", data.email);
    await engine.next("final-action");
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <StepIntro text={t("forgot.description")} />
      <ErrorNotices error={error} />
      <StepTextField form={form} name="email" label={t("fields.email")} type="email" autoComplete="email" />
      <Button type="submit">{t("forgot.submit")}</Button>
      <button type="button" className="self-center text-sm font-medium text-primary underline" onClick={() => engine.next("login-by-email")}>
        {t("popup.back")}
      </button>
    </form>
  );
}

export function FinalActionStep({ engine }: StepProps) {
  const { t } = useTranslation("auth");
  return (
    <div className="flex flex-col gap-3" data-testid="reset-sent">
      <p className="text-ink">{t("finalAction.description", { email: engine.option<string>("email") ?? "" })}</p>
      <Button variant="outline" onClick={() => engine.next("login-by-email")}>
        {t("finalAction.done")}
      </Button>
    </div>
  );
}

/** Opened by a `pwdtoken` link; Enter moves from the password to its confirmation, then submits. */
export function RestorePasswordStep({ engine }: StepProps) {
  const { t } = useTranslation("auth");
  const token = engine.option<string>("token") ?? "";
  const form = useZodForm(ZRestorePassword, { password: "", confirmPassword: "", token });
  const { error, setError, send } = useStepRequest(engine);

  const onSubmit = form.handleSubmit(async (data) => {
    if (!token) return;
    const res = await send("/api/auth/password/reset", ZStateOk, { password: data.password, token });
    if (!res.ok) {
      const key = res.error.code === "RESET-TOKEN-INVALID" || res.error.code === "NETWORK" ? "env.scenarious.popup.password.change.error" : res.error.key;
      return setError({ ...res.error, key, validationErrors: undefined });
    }
    engine.setOption("notice", "env.scenarious.popup.password.change.success");
    await engine.next("login-by-email");
  });

  if (!token) return <Alert tone="warning" title={t("restore.missingToken")} />;
  return (
    <form noValidate onSubmit={onSubmit} onKeyDown={enterMovesFocus} className="flex flex-col gap-3">
      <ErrorNotices error={error} />
      <StepTextField form={form} name="password" label={t("fields.newPassword")} type="password" autoComplete="new-password" />
      <StepTextField form={form} name="confirmPassword" label={t("fields.confirmPassword")} type="password" autoComplete="new-password" />
      <Button type="submit">{t("restore.submit")}</Button>
    </form>
  );
}
