import { useTranslation } from "../../i18n/use-translation";

export type SaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "nothing" } | { kind: "failed"; reason: string };

/** A studio form's save state, announced to screen readers as it changes. */
export function SaveStatus({ state, dirty, testId }: { state: SaveState; dirty: boolean; testId: string }) {
  const { t } = useTranslation("studio");
  const status =
    state.kind === "saving"
      ? t("course.saving")
      : state.kind === "saved"
        ? t("course.saved")
        : state.kind === "nothing"
          ? t("course.nothingToSave")
          : state.kind === "failed"
            ? t("course.failed", { reason: state.reason })
            : dirty
              ? t("course.unsaved")
              : "";
  return (
    <p
      role="status"
      className={state.kind === "failed" ? "font-medium text-danger" : state.kind === "saved" ? "font-medium text-success" : "text-muted"}
      data-testid={testId}
      data-state={state.kind === "idle" && dirty ? "dirty" : state.kind}
    >
      {status}
    </p>
  );
}
