import { createContext, useContext } from "react";
import type { ScenarioEngine } from "../../../domain/scenario/engine";
import type { ScenarioCtx } from "./scenarios";

/** The page's scenario engine; ScenarioProvider (scenario-context.tsx) provides it. */
export const ScenarioContext = createContext<ScenarioEngine<ScenarioCtx> | null>(null);

export function useScenario(): ScenarioEngine<ScenarioCtx> {
  const engine = useContext(ScenarioContext);
  if (!engine) throw new Error("useScenario outside ScenarioProvider");
  return engine;
}
