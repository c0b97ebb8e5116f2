import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { ScenarioEngine } from "../../../domain/scenario/engine";
import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { SCENARIO_PACKS } from "../../i18n/page-packs";
import { QueryScope } from "../../lib/query-client";
import { useModalTurn } from "../shell/popup-queue";
import type { ScenarioCtx } from "./scenarios";
import { STEP_COMPONENTS } from "./steps/registry";

/** Seed 001 §2: the popup appears 100 ms after a step is shown; 315 px wide on xs, else 600 px. */
export const POPUP_DELAY_MS = 100;

function usePopupWidth(): number {
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const mq = window.matchMedia("(max-width: 575.98px)");
    const update = () => setWidth(mq.matches ? 315 : 600);
    update();
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, []);
  return width;
}

/** Loaded on demand (scenario-popup-part.ts); its steps read through TanStack Query (advantages). */
export function ScenarioPopup({ engine }: { engine: ScenarioEngine<ScenarioCtx> }) {
  return (
    <QueryScope>
      <ScenarioDialog engine={engine} />
    </QueryScope>
  );
}

function ScenarioDialog({ engine }: { engine: ScenarioEngine<ScenarioCtx> }) {
  // Every pack a step may need, before the first step shows (a page ships only some packs).
  const { t } = useTranslation([...SCENARIO_PACKS]);
  const { visible, step, hasLoading } = engine.state;
  const [open, setOpen] = useState(false);
  const width = usePopupWidth();
  // One popup at a time (shell/popup-queue.ts): notices wait while this one is open.
  const turn = useModalTurn("scenario", visible);
  useEffect(() => {
    if (!visible) return setOpen(false);
    const timer = setTimeout(() => setOpen(true), POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [visible]);
  if (!step) return null;
  const Step = STEP_COMPONENTS[step.component];
  const title = t(`${Step?.titleKey ?? "login.title"}`);
  return (
    <Dialog open={open && turn} onOpenChange={(o) => !o && engine.close()} title={title} closeLabel={t("popup.close")} width={width}>
      <div className="relative" data-testid={`scenario-step-${step.id}`} aria-busy={hasLoading || undefined}>
        {Step ? <Step.Component engine={engine} /> : null}
        {hasLoading ? (
          <div className="absolute inset-0 flex items-center justify-center bg-surface/70">
            <Spinner label={t("popup.loading", { defaultValue: "…" })} />
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
