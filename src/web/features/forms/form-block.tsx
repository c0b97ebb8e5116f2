import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Button } from "../../components/ui/button";
import type { BlockOf } from "../blocks/types";
import { useScenario } from "../scenario/use-scenario";
import { DynamicForm, FormSent } from "./dynamic-form";
import { DYNAMIC_FORM_SCENARIO } from "./form-scenario";

/** The "form" page block: the form on the page, or a button that opens it in the dynamic-form scenario. */
export function FormBlock({ block }: { block: BlockOf<"form"> }) {
  const { formId, display, openText } = block.props;
  return (
    <div className="mx-auto w-full max-w-2xl rounded-component border border-line bg-surface p-6 shadow-sm sm:p-8">
      {display === "popup" ? <OpenFormButton formId={formId} text={openText} /> : <InlineForm formId={formId} />}
    </div>
  );
}

function InlineForm({ formId }: { formId?: string }) {
  const [round, setRound] = useState(0);
  const [sent, setSent] = useState(false);
  if (sent) {
    return (
      <FormSent
        onAgain={() => {
          setSent(false);
          setRound((n) => n + 1);
        }}
      />
    );
  }
  return <DynamicForm key={round} formId={formId} onDone={() => setSent(true)} />;
}

function OpenFormButton({ formId, text }: { formId?: string; text?: string }) {
  const { t } = useTranslation("forms");
  const engine = useScenario();
  return (
    <Button onClick={() => void engine.start(DYNAMIC_FORM_SCENARIO, formId ? { form: { id: formId } } : {})} data-testid="form-open">
      {text || t("popup.open")}
    </Button>
  );
}
