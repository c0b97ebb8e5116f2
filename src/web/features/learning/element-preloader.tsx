import { useEffect, useReducer } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { useNavigation } from "react-router";
import { cn } from "../../components/ui/cn";
import { useRootData } from "../../root-data";
import { nextPhase, phaseTimer, type PreloaderEvent, type PreloaderPhase } from "./preloader";
import { isElementPath } from "./rules";

/**
 * The element loader of the default layout (seed 000 §2.2, §4): shown while a lesson, test or
 * webinar page loads, with the portal's lesson-load icon; it fades out over the finish animation
 * (~1.5 s, not blocking clicks) and is forced away after 60 s.
 */
export function ElementPreloader() {
  const { t } = useTranslation("learn");
  const icon = useRootData()?.settings.portal.lessonLoadIcon?.url ?? null;
  const navigation = useNavigation();
  const [phase, dispatch] = useReducer((p: PreloaderPhase, e: PreloaderEvent) => nextPhase(p, e), "hidden");
  const loadingElement = navigation.state !== "idle" && !!navigation.location && isElementPath(navigation.location.pathname);

  useEffect(() => {
    dispatch(loadingElement ? "start" : "loaded");
  }, [loadingElement]);

  useEffect(() => {
    const timer = phaseTimer(phase);
    if (!timer) return;
    const id = setTimeout(() => dispatch(timer.event), timer.ms);
    return () => clearTimeout(id);
  }, [phase]);

  if (phase === "hidden") return null;
  const finishing = phase === "finishing";
  return (
    <div
      data-testid="element-preloader"
      data-phase={phase}
      className={cn(
        "fixed inset-0 z-40 flex items-center justify-center bg-surface/80 backdrop-blur-sm transition-opacity duration-[1500ms] motion-reduce:transition-none",
        finishing ? "pointer-events-none opacity-0" : "opacity-100",
      )}
    >
      <div role="status" className="flex flex-col items-center gap-4">
        {icon ? (
          <img src={icon} alt="" className={cn("size-16", finishing ? "scale-110 transition-transform duration-[1500ms]" : "animate-pulse")} />
        ) : (
          <span aria-hidden="true" className="size-12 animate-spin rounded-full border-4 border-primary border-t-transparent" />
        )}
        <span className={finishing ? "sr-only" : "text-sm font-medium text-muted"}>{finishing ? t("preloader.ready") : t("preloader.loading")}</span>
      </div>
    </div>
  );
}
