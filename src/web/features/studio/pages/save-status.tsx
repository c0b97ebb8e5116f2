import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/use-translation";
import type { AutosaveState } from "./autosave";
import { when } from "./when";

interface SaveStatusProps {
  state: AutosaveState;
  onRetry: () => void;
  onReload: () => void;
  onKeepMine: () => void;
}

/** Where the draft is: saved, waiting, saving, failed (retry), or in conflict with a newer draft (reload or keep mine). */
export function SaveStatus({ state, onRetry, onReload, onKeepMine }: SaveStatusProps) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex flex-wrap items-center gap-2 text-sm" data-testid="save-status" data-state={state.status}>
      {state.status === "saved" ? (
        <span className="text-success">{state.savedAt ? t("save.savedAt", { time: when(state.savedAt, i18n.language) }) : t("save.saved")}</span>
      ) : state.status === "dirty" ? (
        <span className="text-muted">{t("save.unsaved")}</span>
      ) : state.status === "saving" ? (
        <span className="text-muted">{t("save.saving")}</span>
      ) : state.status === "failed" ? (
        <>
          <span className="font-medium text-danger">{t("save.failed", { reason: state.errorKey ? tAny(state.errorKey) : "" })}</span>
          <Button variant="outline" size="sm" onClick={onRetry} data-testid="save-retry">
            {t("save.retry")}
          </Button>
        </>
      ) : (
        <>
          <span className="font-medium text-danger" data-testid="save-conflict">
            {t("save.conflict", {
              name: state.conflict?.savedBy?.name ?? t("save.someone"),
              time: state.conflict ? when(state.conflict.savedAt, i18n.language) : "",
            })}
          </span>
          <Button variant="outline" size="sm" onClick={onReload} data-testid="save-reload">
            {t("save.reload")}
          </Button>
          <Button variant="danger" size="sm" onClick={onKeepMine} data-testid="save-keep-mine">
            {t("save.keepMine")}
          </Button>
        </>
      )}
    </div>
  );
}
