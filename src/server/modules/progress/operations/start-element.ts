import { assertMayOpen, isAdmin, type TViewer } from "../../../../domain/learning-access";
import { startElement as startedMap, type TElementProgress } from "../../../../domain/progress";
import { assertTracked } from "../policy";
import { elementProgressOf, write, type ProgressContext } from "./context";

/** Set started (once); the element becomes the stored current one unless it is already done. */
export async function startElement(ctx: ProgressContext, viewer: TViewer, elementId: string): Promise<TElementProgress> {
  assertTracked(viewer);
  const s = await ctx.courses.elementStructure(elementId, { unpublished: isAdmin(viewer) });
  return write(ctx, viewer, s, async ({ map, states }, tx) => {
    assertMayOpen(viewer, s.course, s.element, states.find((e) => e.id === elementId)?.state ?? null);
    const next = startedMap(map, elementId, ctx.now());
    if (next !== map) await tx.saveEntries(viewer.id, s.course.id, { [elementId]: next[elementId] });
    if (next[elementId].state !== "done") await tx.updateCourse(viewer.id, s.course.id, { currentElementId: elementId });
    return elementProgressOf(viewer.id, s, next, elementId);
  });
}
