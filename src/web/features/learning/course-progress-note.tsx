import { useTranslation } from "../../i18n/use-translation";
import { Badge } from "../../components/ui/badge";
import { ProgressBar } from "./progress-bar";

/** Under a catalogue card: the learner's own standing in the course (bought, how much is done). */
export function CourseProgressNote({
  isBought,
  isCommercial,
  doneCount,
  total,
}: {
  isBought: boolean;
  isCommercial: boolean;
  doneCount: number;
  total: number;
}) {
  const { t } = useTranslation("learn");
  if (!(isCommercial && isBought) && doneCount === 0) return null;
  return (
    <div className="flex flex-col gap-1.5 px-1" data-testid="course-progress-note">
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
        {isCommercial && isBought ? <Badge tone="success">{t("catalogue.bought")}</Badge> : null}
        {doneCount > 0 ? <span>{t("progress.doneOf", { done: doneCount, total })}</span> : null}
      </div>
      {doneCount > 0 ? <ProgressBar done={doneCount} total={total} label={t("progress.doneOf", { done: doneCount, total })} /> : null}
    </div>
  );
}
