import { AppError } from "../../../../domain/errors";
import { assertMayOpen, isAdmin, type TViewer } from "../../../../domain/learning-access";
import { finishElement as finishedMap, isOpen, openedElement } from "../../../../domain/progress";
import { assertTracked } from "../policy";
import { elementProgressOf, ref, statesOf, write, type ProgressContext } from "./context";

/**
 * Finish: done + finished time, and the next element opens in the same transaction. When that leaves
 * every visible element done, the completion is recorded with it and what finishing the course earns is
 * granted after the commit (ctx.onCourseFinished, idempotent: finishing a finished course again grants nothing new).
 */
export async function finishElement(ctx: ProgressContext, viewer: TViewer, elementId: string) {
  assertTracked(viewer);
  const s = await ctx.courses.elementStructure(elementId, { unpublished: isAdmin(viewer) });
  // Refusals in their order before the test rule: open first (read outside the write, which re-checks),
  // then a test needs a passed attempt. The gate reads before the transaction: PGlite has one connection.
  const before = statesOf(s, await ctx.repo.loadMap(viewer.id, s.course.id)).find((e) => e.id === elementId)?.state ?? null;
  assertMayOpen(viewer, s.course, s.element, before);
  if (!isOpen(before) && !isAdmin(viewer)) throw new AppError("ELEMENT_LOCKED", `Element ${elementId} is not open`, { courseId: s.course.id, elementId });
  // An element already done stays done (finishing again only records it); a new finish of a test needs a pass.
  if (before !== "done") await ctx.finishGate(viewer.id, s.element);
  const done = await write(ctx, viewer, s, async ({ map, states, row }, tx) => {
    const state = states.find((e) => e.id === elementId)?.state ?? null;
    assertMayOpen(viewer, s.course, s.element, state);
    const r = finishedMap(s.elements, map, elementId, s.course.arbitraryWalkthrough, ctx.now());
    // assertMayOpen lets admins through locks; the rules still only finish what is open.
    if (!r.ok) throw new AppError("ELEMENT_LOCKED", `Element ${elementId} is not open`, { courseId: s.course.id, elementId });
    const changed = Object.fromEntries(Object.entries(r.progress).filter(([id, e]) => map[id] !== e));
    await tx.saveEntries(viewer.id, s.course.id, changed);
    const after = statesOf(s, r.progress);
    const courseFinished = after.length > 0 && after.every((e) => e.state === "done");
    // The completion the dashboard counts (decision 0063): this finish completed the course, or it was
    // complete with none recorded (an element hidden since). Dated by the last visible finish, like the backfill.
    const completes = courseFinished && (!row.completedAt || !states.every((e) => e.state === "done"));
    const completedAt = completes ? new Date(Math.max(...after.map((e) => Date.parse(r.progress[e.id]?.finished ?? "")).filter(Number.isFinite))) : null;
    await tx.updateCourse(viewer.id, s.course.id, { currentElementId: r.current, ...(completedAt ? { completedAt } : {}) });
    const opened = r.opened ? s.elements.find((e) => e.id === r.opened) : undefined;
    return {
      progress: elementProgressOf(viewer.id, s, r.progress, elementId),
      opened: opened ? ref(opened) : null,
      openedElement: openedElement(s.elements, r.progress, r.current, s.course.arbitraryWalkthrough),
      courseFinished,
    };
  });
  const awards = done.courseFinished && ctx.onCourseFinished ? await ctx.onCourseFinished(viewer, s.course.id) : [];
  return { ...done, awards };
}
