import type { TCourseTextsPatch } from "../../../domain/studio";
import type { TUser } from "../../../domain/user";
import type { StudioContext } from "./operations/context";
import { updateCourse } from "./operations/update-course";

/**
 * Authoring of content by portal admins (the creator studio, issue 15, grows here). Every write goes
 * through the repo's `change`, the content version's one write path.
 */
export function createStudioService(ctx: StudioContext) {
  return {
    updateCourse: (actor: TUser, courseId: string, patch: TCourseTextsPatch) => updateCourse(ctx, actor, courseId, patch),
  };
}
export type StudioService = ReturnType<typeof createStudioService>;
