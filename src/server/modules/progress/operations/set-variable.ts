import { AppError } from "../../../../domain/errors";
import { isAdmin, type TViewer } from "../../../../domain/learning-access";
import { VARIABLES_LIMIT, type TVariableValue } from "../../../../domain/progress";
import { assertTracked } from "../policy";
import { write, type ProgressContext } from "./context";

/** Course setVariable: stored by name on the learner's course progress. */
export async function setVariable(ctx: ProgressContext, viewer: TViewer, courseId: string, name: string, value: TVariableValue) {
  assertTracked(viewer);
  const s = await ctx.courses.structure(courseId, { unpublished: isAdmin(viewer) });
  return write(ctx, viewer, s, async ({ row }, tx) => {
    const variables = row.variables;
    if (!(name in variables) && Object.keys(variables).length >= VARIABLES_LIMIT) {
      throw new AppError("VALIDATION", `A course keeps at most ${VARIABLES_LIMIT} variables`);
    }
    const next = { ...variables, [name]: value };
    await tx.updateCourse(viewer.id, courseId, { variables: next });
    return { courseId, variables: next };
  });
}
