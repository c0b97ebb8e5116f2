import { AppError } from "../../../domain/errors";
import { canSeeProgress, tracksProgress, type TViewer } from "../../../domain/learning-access";

/** Progress writes: guests are asked to sign in; signed-in non-disciples are refused (seed 000 §6). */
export function assertTracked(viewer: TViewer): asserts viewer is Exclude<TViewer, { kind: "guest" }> {
  if (viewer.kind === "guest") throw new AppError("UNAUTHORIZED", "Sign in to keep your progress");
  if (!tracksProgress(viewer)) throw new AppError("PROGRESS_NOT_TRACKED", "Progress tracking applies to disciples only");
}

/** Reading someone's progress: the owner, that learner's mentor, admins; everyone else 403 (no IDOR). */
export function assertMaySeeProgress(viewer: TViewer, learner: { id: string; mentorId: string | null }): void {
  if (viewer.kind === "guest") throw new AppError("UNAUTHORIZED", "Sign in to see progress");
  if (!canSeeProgress(viewer, learner)) throw new AppError("AUTH_DENY", "You may not see this learner's progress");
}
