import { TIMERS } from "../../../domain/constants";

/**
 * The element loader of seed 000 §4: it shows while an element page loads, then plays a finish
 * animation of about 1.5 s before it hides; if loading never ends it is forced away after 60 s.
 */
export type PreloaderPhase = "hidden" | "loading" | "finishing";
export type PreloaderEvent = "start" | "loaded" | "animation-end" | "force-hide";

export function nextPhase(phase: PreloaderPhase, event: PreloaderEvent): PreloaderPhase {
  switch (event) {
    case "start":
      return "loading";
    case "loaded":
      return phase === "loading" ? "finishing" : phase;
    case "animation-end":
      return phase === "finishing" ? "hidden" : phase;
    case "force-hide":
      return "hidden";
  }
}

/** How long a phase may last before its timer event fires (null: it waits for the page). */
export function phaseTimer(phase: PreloaderPhase): { event: PreloaderEvent; ms: number } | null {
  if (phase === "loading") return { event: "force-hide", ms: TIMERS.loaderForcedHideMs };
  if (phase === "finishing") return { event: "animation-end", ms: TIMERS.loaderAnimationMs };
  return null;
}
