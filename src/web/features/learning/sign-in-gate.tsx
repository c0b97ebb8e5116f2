import { useEffect, useEffectEvent, useRef } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { ScenarioOptions } from "../../../domain/scenario/engine";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { useScenario } from "../scenario/use-scenario";

export interface SignInGateProps {
  title: string;
  text: string;
  /** The scenario that signs the visitor in and brings them back (start-free-lesson, login, start-free-microcourse). */
  scenario: { id: string; options: ScenarioOptions };
}

/**
 * A guest or session user asked for content that needs an account (403 REGISTRATION-REQUIRED): the
 * page says so and the sign-in scenario opens at once (seed 001 §4 "Free lesson start"), and again
 * from the button after the popup was closed.
 */
export function SignInGate({ title, text, scenario }: SignInGateProps) {
  const { t } = useTranslation("learn");
  const engine = useScenario();
  const started = useRef(false);
  const open = () => void engine.start(scenario.id, scenario.options);
  // Once per page visit, with the options of that moment (the object is rebuilt on every render).
  const openOnVisit = useEffectEvent(open);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    openOnVisit();
  }, []);
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 text-center" data-testid="sign-in-gate">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
        <Icon name="lock" className="size-8" />
      </span>
      <h1 className="font-title text-3xl font-bold text-ink">{title}</h1>
      <p className="text-lg text-muted">{text}</p>
      <Button size="lg" onClick={open} data-testid="sign-in-gate-button">
        <Icon name="user" className="size-5" />
        {t("gate.signIn")}
      </Button>
    </div>
  );
}
