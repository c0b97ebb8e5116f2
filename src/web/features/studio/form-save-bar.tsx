import { Button } from "../../components/ui/button";
import { useTranslation } from "../../i18n/use-translation";
import { SaveStatus, type SaveState } from "./save-status";

/** The foot of a generated studio form: its save button and save state. */
export function FormSaveBar({ state, dirty, saveTestId, stateTestId }: { state: SaveState; dirty: boolean; saveTestId: string; stateTestId: string }) {
  const { t } = useTranslation("studio");
  return (
    <div className="flex flex-wrap items-center gap-4 border-t border-line pt-4">
      <Button type="submit" disabled={state.kind === "saving"} data-testid={saveTestId}>
        {t("course.save")}
      </Button>
      <SaveStatus state={state} dirty={dirty} testId={stateTestId} />
    </div>
  );
}
