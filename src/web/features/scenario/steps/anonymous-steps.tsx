import { useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { ZAnonymousSignIn, ZAnonymousSignUp } from "../../../../domain/validation/forms";
import { Button } from "../../../components/ui/button";
import { useAuth } from "../../auth/use-auth";
import { enterMovesFocus, useZodForm } from "../use-zod-form";
import { AdvantagesSection } from "./advantages";
import type { StepProps } from "./step-props";
import { ZTokensChecked } from "../../../../domain/api-replies";
import { localError } from "../../../lib/api";
import { ErrorNotices, StepIntro, StepTextField, useStepRequest } from "./shared";

function useAnonymousForm(engine: StepProps["engine"], url: string, schema: typeof ZAnonymousSignIn) {
  const { refresh } = useAuth();
  const form = useZodForm(schema, { username: "", password: "" });
  const request = useStepRequest(engine);
  const { error, setError } = request;
  async function send(data: { username: string; password: string }) {
    const res = await request.send(url, ZTokensChecked, data);
    if (!res.ok) return;
    if (!res.data.accessToken || !res.data.userId) return setError(localError("SERVER", "Tokens weren`t obtained"));
    await refresh();
    await engine.next("success");
  }
  return { form, error, send };
}

/** Username and password with their errors, shared by anonymous sign-in and sign-up. */
function AnonymousFields({
  form,
  error,
  passwordAutoComplete,
}: {
  form: ReturnType<typeof useAnonymousForm>["form"];
  error: ReturnType<typeof useAnonymousForm>["error"];
  passwordAutoComplete: "current-password" | "new-password";
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <ErrorNotices error={error} />
      <StepTextField form={form} name="username" label={t("fields.username")} autoComplete="username" />
      <StepTextField form={form} name="password" label={t("fields.password")} type="password" autoComplete={passwordAutoComplete} />
    </>
  );
}

export function AnonymousSignInStep({ engine }: StepProps) {
  const { t } = useTranslation("auth");
  const { form, error, send } = useAnonymousForm(engine, "/api/auth/anonymous/login", ZAnonymousSignIn);
  return (
    <form noValidate onKeyDown={enterMovesFocus} onSubmit={form.handleSubmit(send)} className="flex flex-col gap-3">
      <AnonymousFields form={form} error={error} passwordAutoComplete="current-password" />
      <Button type="submit">{t("anonymousSignIn.submit")}</Button>
      <button
        type="button"
        className="self-center text-sm font-medium text-primary underline"
        onClick={() => engine.start("anonymous-sign-up", engine.state.options)}
      >
        {t("anonymousSignIn.create")}
      </button>
    </form>
  );
}

/** Seed 001 §2: the same fields plus a confirmation before registering (remember the password). */
export function AnonymousSignUpStep({ engine }: StepProps) {
  const { t } = useTranslation("auth");
  const { form, error, send } = useAnonymousForm(engine, "/api/auth/anonymous/register", ZAnonymousSignUp);
  const [pending, setPending] = useState<{ username: string; password: string } | null>(null);

  if (pending) {
    return (
      <div
        role="alertdialog"
        aria-labelledby="anon-confirm-title"
        aria-describedby="anon-confirm-text"
        className="flex flex-col gap-3"
        data-testid="anonymous-confirm"
      >
        <h3 id="anon-confirm-title" className="font-title text-lg font-bold text-ink">
          {t("anonymousSignUp.confirmTitle")}
        </h3>
        <p id="anon-confirm-text" className="text-ink">
          {t("anonymousSignUp.confirmText")}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button
            onClick={() => {
              const data = pending;
              setPending(null);
              void send(data);
            }}
          >
            {t("anonymousSignUp.confirm")}
          </Button>
          <Button variant="ghost" onClick={() => setPending(null)}>
            {t("anonymousSignUp.cancel")}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form noValidate onKeyDown={enterMovesFocus} onSubmit={form.handleSubmit(setPending)} className="flex flex-col gap-3">
      <AdvantagesSection lang={engine.context.lang} />
      <StepIntro text={t("anonymousSignUp.description")} />
      <AnonymousFields form={form} error={error} passwordAutoComplete="new-password" />
      <Button type="submit">{t("anonymousSignUp.submit")}</Button>
      <button
        type="button"
        className="self-center text-sm font-medium text-primary underline"
        onClick={() => engine.start("anonymous-sign-in", engine.state.options)}
      >
        {t("anonymousSignUp.haveAccount")}
      </button>
    </form>
  );
}

/**
 * Seed 001 §4: when anonymous accounts are the only way in, the login step explains what an
 * anonymous account is (no e-mail, so no password reset) before the visitor signs in or creates one.
 */
export function AnonymousDisclaimerStep({ engine }: StepProps) {
  const { t } = useTranslation("auth");
  const alertText = engine.option<string>("alertText");
  return (
    <div className="flex flex-col gap-3" data-testid="anonymous-disclaimer">
      {alertText ? <StepIntro text={t(alertText)} /> : null}
      <p className="text-ink">{t("anonymousDisclaimer.text")}</p>
      <ul className="list-disc ps-6 text-sm text-muted">
        <li>{t("anonymousDisclaimer.point1")}</li>
        <li>{t("anonymousDisclaimer.point2")}</li>
      </ul>
      <Button onClick={() => engine.start("anonymous-sign-up", engine.state.options)}>{t("anonymousDisclaimer.create")}</Button>
      <Button variant="outline" onClick={() => engine.start("anonymous-sign-in", engine.state.options)}>
        {t("anonymousDisclaimer.signIn")}
      </Button>
    </div>
  );
}
