import { useTranslation } from "../../../i18n/use-translation";
import { Button } from "../../../components/ui/button";
import type { StepProps } from "./step-props";
import { ProviderButtons, useAgreementGate } from "./provider-buttons";
import { StepIntro } from "./shared";

/**
 * Where the visitor comes back to after the messenger sign-in: the saved return address, else this
 * page; when the scenario has steps after this one, they continue there (seed 001 §2: scenario and
 * step are added to the return address after sign-in).
 */
function useReturnTo(engine: StepProps["engine"]): string {
  const { lang } = engine.context;
  const saved = engine.option<string>("returnTo");
  const here = typeof window === "undefined" ? `/${lang}/` : window.location.pathname + window.location.search;
  const url = new URL(saved ?? here, "http://x");
  const { scenario, cursor } = engine.state;
  const next = scenario?.steps[cursor + 1];
  if (scenario && next) {
    url.searchParams.set("scenario", scenario.id);
    url.searchParams.set("step", next.id);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** messengers-login: the messenger buttons alone, behind the GDPR agreement when it is on. */
export function MessengersLoginStep({ engine }: StepProps) {
  const { t } = useTranslation("social");
  const { providers, lang, registration } = engine.context;
  const gate = useAgreementGate(registration.gdpr);
  return (
    <div className="flex flex-col gap-4">
      <StepIntro text={t("messengersLogin.description")} />
      <ProviderButtons providers={providers} returnTo={useReturnTo(engine)} lang={lang} messengersOnly blocked={gate.blocked} onBlocked={gate.onBlocked} />
      {gate.box}
    </div>
  );
}

/**
 * messengers-login-hs: a signed-in learner of a portal migrating to messenger sign-in, without a
 * messenger yet, is asked to connect one; the connect flow links it to the account they are in.
 */
export function MessengersLoginHsStep({ engine }: StepProps) {
  const { t } = useTranslation("social");
  const { providers, lang } = engine.context;
  return (
    <div className="flex flex-col gap-4">
      <StepIntro text={t("messengersLoginHs.description")} />
      <ProviderButtons providers={providers} returnTo={useReturnTo(engine)} lang={lang} messengersOnly />
      <Button variant="ghost" onClick={() => engine.finalize()} data-testid="messengers-later">
        {t("messengersLoginHs.later")}
      </Button>
    </div>
  );
}
