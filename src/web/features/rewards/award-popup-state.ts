import type { TAwardRef } from "../../../domain/award-ref";

/** The navigation state that opens the award-popup (seed 000 §2.4: awardId, courseId). */
export interface AwardPopupState {
  awardPopup: TAwardRef;
}

/** The award-popup's state in a location's state, if it carries one. */
export function awardPopupOf(state: unknown): TAwardRef | null {
  const ref = (state as Partial<AwardPopupState> | null)?.awardPopup;
  return ref && typeof ref.awardId === "string" && (typeof ref.courseId === "string" || ref.courseId === null) ? ref : null;
}
