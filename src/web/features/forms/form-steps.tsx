import type { StepProps } from "../scenario/steps/step-props";
import { DynamicForm, FormSent } from "./dynamic-form";

/** The fill-profile step of the dynamic-form scenario: the form named by the scenario's `form` option. */
export function DynamicFormStep({ engine }: StepProps) {
  const form = engine.option<{ id?: string }>("form");
  return <DynamicForm formId={form?.id} headingLevel={3} onDone={() => void engine.next("success")} />;
}

export function DynamicFormSuccessStep({ engine }: StepProps) {
  return <FormSent onClose={() => void engine.finalize()} />;
}
