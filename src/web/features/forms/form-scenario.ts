import type { Scenario } from "../../../domain/scenario/engine";

export const DYNAMIC_FORM_SCENARIO = "dynamic-form";

/**
 * Seed 001 §4: dynamic-form has the steps fill-profile (the form given in the `form` option, {id})
 * and success. Guests may send a form, so no step is skipped for them.
 */
export function dynamicFormScenario<Ctx>(): Scenario<Ctx> {
  return {
    id: DYNAMIC_FORM_SCENARIO,
    steps: [
      { id: "fill-profile", component: "dynamic-form" },
      { id: "success", component: "dynamic-form-success" },
    ],
  };
}
