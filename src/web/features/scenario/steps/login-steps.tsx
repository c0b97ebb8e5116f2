import type { z } from "zod";
import { useTranslation } from "../../../i18n/use-translation";
import { ZSignIn } from "../../../../domain/validation/forms";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { hasProviderButtons } from "../../../../domain/providers";
import { useAuth } from "../../auth/use-auth";
import { enterMovesFocus, useZodForm } from "../use-zod-form";
import { ProviderButtons, useAgreementGate } from "./provider-buttons";
import type { StepProps } from "./step-props";
import { ZTokensChecked } from "../../../../domain/api-replies";
import { localError } from "../../../lib/api";
import { StepTextField, ErrorNotices, StepIntro, useMessage, useStepRequest } from "./shared";

/**
 * The choice screen, "mixed-login" of seed 001 §4: e-mail, anonymous and provider entries (swapped
 * to the sign-up popups with swapPopups). With the GDPR setting, provider buttons stay blocked until
 * the agreement is ticked.
 */
export function MixedLoginStep({ engine }: StepProps) {
  const { t } = useTranslation("auth");
  const message = useMessage();
  const { registration, providers, lang } = engine.context;
  const gate = useAgreementGate(registration.gdpr && hasProviderButtons(providers));
  const alertText = engine.option<string>("alertText");
  const returnTo = engine.option<string>("returnTo") ?? (typeof window === "undefined" ? `/${lang}/` : window.location.pathname + window.location.search);
  const email = () => (registration.swapPopups ? engine.start("sign-in", engine.state.options) : engine.next("login-by-email"));
  const anonymous = () => engine.start(registration.swapPopups ? "anonymous-sign-up" : "anonymous-sign-in", engine.state.options);
  return (
    <div className="flex flex-col gap-3">
      <StepIntro text={t("login.description")} />
      {alertText ? <Alert tone="danger" title={message(alertText)} /> : null}
      <ProviderButtons providers={providers} returnTo={returnTo} lang={lang} blocked={gate.blocked} onBlocked={gate.onBlocked} />
      {registration.email ? (
        <Button onClick={email} data-testid="login-with-email">
          {t("login.withEmail")}
        </Button>
      ) : null}
      {registration.anonymous ? (
        <>
          <Button variant="outline" onClick={anonymous} data-testid="login-anonymously">
            {t("login.anonymously")}
          </Button>
          <p className="text-center text-sm text-muted">{t("login.anonymousHint")}</p>
        </>
      ) : null}
      {gate.box}
      {registration.email ? (
        <p className="mt-2 text-center text-sm text-ink">
          {t("login.noAccount")}{" "}
          <button
            type="button"
            className="font-semibold text-primary underline"
            onClick={() => engine.start("sign-in", engine.state.options)}
            data-testid="login-create-account"
          >
            {t("login.createAccount")}
          </button>
        </p>
      ) : null}
    </div>
  );
}

/** After tokens arrive: refresh the current user, then the success step (seed 001 §4). */
export function useSignedIn(engine: StepProps["engine"]) {
  const { refresh } = useAuth();
  return async (tokens: z.output<typeof ZTokensChecked>, missing: string) => {
    if (!tokens.accessToken || !tokens.userId) throw new Error(missing);
    await refresh();
    await engine.next("success");
  };
}

export function LoginByEmailStep({ engine }: StepProps) {
  const { t } = useTranslation("auth");
  const message = useMessage();
  const form = useZodForm(ZSignIn, { email: "", password: "" });
  const { error, setError, send } = useStepRequest(engine);
  const signedIn = useSignedIn(engine);
  const notice = engine.option<string>("notice");

  const onSubmit = form.handleSubmit(async (data) => {
    const res = await send("/api/auth/login", ZTokensChecked, data);
    if (!res.ok) return;
    try {
      await signedIn(res.data, "Tokens weren`t obtained");
    } catch (err) {
      setError(localError("SERVER", (err as Error).message, (err as Error).message));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} onKeyDown={enterMovesFocus} className="flex flex-col gap-3">
      {notice ? <Alert tone="success" title={message(notice)} /> : null}
      <ErrorNotices error={error} />
      <StepTextField form={form} name="email" label={t("fields.email")} type="email" autoComplete="email" />
      <StepTextField form={form} name="password" label={t("fields.password")} type="password" autoComplete="current-password" />
      <Button type="submit">{t("loginByEmail.submit")}</Button>
      <button type="button" className="self-center text-sm font-medium text-primary underline" onClick={() => engine.next("forgot-password")}>
        {t("loginByEmail.forgot")}
      </button>
    </form>
  );
}

export function SuccessStep({ engine }: StepProps) {
  const { t } = useTranslation("auth");
  return (
    <div className="flex flex-col items-center gap-4 text-center" data-testid="auth-success">
      <p className="text-lg text-ink">{t("env.scenarious.auth.success")}</p>
      <Button onClick={() => engine.finalize()}>{t("success.continue")}</Button>
    </div>
  );
}
