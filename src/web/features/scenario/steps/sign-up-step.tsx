import { useMemo } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { activeRegistrationFields, buildSignUpSchema, registrationFieldsFor, type TRegistrationField } from "../../../../domain/validation/registration-fields";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { TextArea } from "../../../components/ui/text-area";
import { TextField } from "../../../components/ui/text-field";
import { useRootData } from "../../../root-data";
import { AgreeLabel } from "../../policy/policy-link";
import { enterMovesFocus, useZodForm } from "../use-zod-form";
import { AdvantagesSection } from "./advantages";
import { useSignedIn } from "./login-steps";
import type { StepProps } from "./step-props";
import { ZTokensChecked } from "../../../../domain/api-replies";
import { localError } from "../../../lib/api";
import { ErrorNotices, fieldError, StepIntro, takenFieldIssue, useMessage, useStepRequest } from "./shared";

const AUTOCOMPLETE: Record<string, string> = {
  firstName: "given-name",
  lastName: "family-name",
  email: "email",
  password: "new-password",
  phone: "tel",
};
const INPUT_TYPE: Record<TRegistrationField["type"], string> = {
  text: "text",
  email: "email",
  password: "password",
  phone: "tel",
  number: "text",
  textarea: "text",
};
/** Fixed fields have their own translated labels; others show the name the portal gave them. */
const TRANSLATED = new Set(["firstName", "lastName", "email", "password", "phone", "age", "additional"]);

/** Seed 001 §5 sign-up: the active registration fields of the visitor's language, from the portal settings. */
function useRegistrationFields(lang: string): TRegistrationField[] {
  const portal = useRootData()?.settings.portal;
  return useMemo(() => activeRegistrationFields(registrationFieldsFor(portal?.registration.fields, lang, portal?.i18n.primaryLang ?? lang)), [portal, lang]);
}

/**
 * Registration by e-mail ("sign-in" in the seed's step names). Empty values are dropped before
 * sending; in sign-up flows the agreement box starts ticked (seed 001 §4) and must stay so.
 */
export function SignUpStep({ engine }: StepProps) {
  const { t } = useTranslation("auth");
  const message = useMessage();
  const lang = engine.context.lang;
  const fields = useRegistrationFields(lang);
  const schema = useMemo(() => buildSignUpSchema(fields), [fields]);
  const form = useZodForm(schema, { ...Object.fromEntries(fields.map((f) => [f.id, ""])), agree: true });
  const { error, setError, send } = useStepRequest(engine);
  const signedIn = useSignedIn(engine);

  const onSubmit = form.handleSubmit(async (data) => {
    const filled = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== ""));
    const res = await send("/api/auth/register", ZTokensChecked, { ...filled, lang, website: window.location.href, role: "disciple" });
    if (!res.ok) {
      const taken = takenFieldIssue(res.error, Object.keys(form.values));
      if (taken) {
        form.setServerErrors([taken]);
        setError(null);
      } else if (res.error.validationErrors) form.setServerErrors(res.error.validationErrors);
      return;
    }
    try {
      if (!res.data.accessToken) throw new Error("Token haven`t got");
      await signedIn(res.data, "User id not found");
    } catch (err) {
      setError(localError("SERVER", (err as Error).message, (err as Error).message));
    }
  });

  const names = fields.filter((f) => f.id === "firstName" || f.id === "lastName");
  const rest = fields.filter((f) => f.id !== "firstName" && f.id !== "lastName");
  const input = (f: TRegistrationField) => {
    const label = TRANSLATED.has(f.id) ? t(`fields.${f.id}`) : f.name;
    const required = f.validation?.required === true || ["firstName", "email", "password"].includes(f.id);
    const common = { label, required, error: fieldError(form.errors[f.id], message) };
    if (f.type === "textarea") {
      const { onChange, ...bind } = form.field(f.id);
      return <TextArea key={f.id} {...common} {...bind} onChange={(e) => onChange(e as unknown as React.ChangeEvent<HTMLInputElement>)} />;
    }
    return (
      <TextField
        key={f.id}
        reserveErrorSpace
        {...common}
        type={INPUT_TYPE[f.type]}
        inputMode={f.type === "number" ? "numeric" : f.type === "phone" ? "tel" : undefined}
        autoComplete={AUTOCOMPLETE[f.id]}
        {...form.field(f.id)}
      />
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} onKeyDown={enterMovesFocus} className="flex flex-col gap-3">
      <AdvantagesSection lang={lang} />
      <StepIntro text={t("signUp.description")} />
      <ErrorNotices error={error} />
      {names.length ? <div className="grid items-start gap-4 sm:grid-cols-2">{names.map(input)}</div> : null}
      {rest.map(input)}
      <Checkbox label={<AgreeLabel />} {...form.checkbox("agree")} />
      {form.errors.agree ? (
        <p className="text-sm font-medium text-danger" role="alert">
          {message(form.errors.agree.key)}
        </p>
      ) : null}
      <Button type="submit">{t("signUp.submit")}</Button>
      <p className="text-center text-sm text-ink">
        {t("signUp.haveAccount")}{" "}
        <button
          type="button"
          className="font-semibold text-primary underline"
          onClick={() => engine.start("login", { ...engine.state.options, stepId: "login-by-email" })}
        >
          {t("signUp.signIn")}
        </button>
      </p>
    </form>
  );
}
