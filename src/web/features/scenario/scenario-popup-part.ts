import { lazyPart } from "../../lib/lazy-part";
import type { StepProps } from "./steps/step-props";

/**
 * The scenario popup (the dialog, every step screen, their forms and schemas) in its own chunk:
 * fetched when a scenario first shows a step, or before, when a visitor points at a sign-in button
 * (docs/decisions/0020-lean-client.md).
 */
export const scenarioPopup = lazyPart<StepProps>(() => import("./scenario-popup").then((m) => ({ default: m.ScenarioPopup })));
