import { cn } from "../../components/ui/cn";
import { Icon } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import { type WaitLevel, waitState } from "./waiting-time";

const LEVEL_STYLE: Record<WaitLevel, string> = {
  calm: "bg-surface-alt text-ink",
  urgent: "bg-warning/15 text-ink ring-1 ring-warning",
  overdue: "bg-danger text-white",
};

/** "Waiting 3 h of 24 h": the learner's wait against the reply promise; urgent past 20 h, overdue past 24 h. */
export function WaitBadge({ waitingSince, now, size = "sm" }: { waitingSince: string | null; now: number; size?: "sm" | "md" }) {
  const { t } = useTranslation("mentor");
  const state = waitState(waitingSince, now);
  if (!state) return null;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 self-start rounded-full font-semibold",
        size === "sm" ? "px-2 py-0.5 text-xs" : "px-3 py-1 text-sm",
        LEVEL_STYLE[state.level],
      )}
      data-testid="wait-badge"
      data-level={state.level}
    >
      {state.level === "calm" ? null : <Icon name="alert" className="size-3.5" />}
      {t(state.key, state.values)}
    </span>
  );
}
