import type { ScenarioEngine } from "../../../../domain/scenario/engine";
import type { ScenarioCtx } from "../scenarios";

/** What every step screen receives; the step registry (registry.tsx) maps names to these screens. */
export type StepProps = { engine: ScenarioEngine<ScenarioCtx> };
