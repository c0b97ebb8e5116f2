import { useTranslation } from "../../i18n/use-translation";
import { safeHref } from "../../../domain/blocks/safe-url";
import { Button, ButtonLink, buttonClass } from "../../components/ui/button";
import { useThemeButtonType } from "../../components/ui/use-theme";
import { useScenario } from "../scenario/use-scenario";
import { BlockTitle, isExternal } from "./block-title";
import type { BlockOf } from "./types";

/** Call to action: a title, a text and one button that follows a link or starts a popup scenario. */
export function ActionBlock({ block }: { block: BlockOf<"action"> }) {
  const { title, text, button } = block.props;
  return (
    <div
      className="mx-auto flex max-w-4xl flex-col items-center gap-4 rounded-component bg-gradient-to-br from-primary-soft to-surface-alt px-6 py-10 text-center"
      data-testid="action"
    >
      <BlockTitle flush>{title}</BlockTitle>
      {text ? <p className="max-w-2xl text-lg text-ink">{text}</p> : null}
      {"scenarioId" in button ? <ScenarioButton label={button.label} scenarioId={button.scenarioId} /> : <LinkButton label={button.label} href={button.href} />}
    </div>
  );
}

/** Starts the scenario through the page's scenario engine (seed 001 §4), e.g. sign-in. */
function ScenarioButton({ label, scenarioId }: { label: string; scenarioId: string }) {
  const engine = useScenario();
  return (
    <Button size="lg" aria-haspopup="dialog" onClick={() => void engine.start(scenarioId)}>
      {label}
    </Button>
  );
}

function LinkButton({ label, href }: { label: string; href: string }) {
  const { t } = useTranslation("blocks");
  const themed = useThemeButtonType();
  const safe = safeHref(href);
  if (!safe) return null;
  if (!isExternal(safe)) {
    return (
      <ButtonLink to={safe} size="lg">
        {label}
      </ButtonLink>
    );
  }
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer" className={buttonClass(themed, "lg")}>
      {label}
      <span className="sr-only"> {t("newTab")}</span>
    </a>
  );
}
