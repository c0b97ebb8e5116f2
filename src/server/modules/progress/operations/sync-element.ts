import type { TElementState } from "../../../../domain/element";
import { AppError } from "../../../../domain/errors";
import { assertMayOpen, isAdmin, type TViewer } from "../../../../domain/learning-access";
import { HISTORY_LIMIT, isOpen, type ProgressEntry, type TElementProgress, type TSyncBody } from "../../../../domain/progress";
import { assertTracked } from "../policy";
import { elementProgressOf, write, type ProgressContext } from "./context";
import { finishElement } from "./finish-element";

/** Sync (state, percent, history). state "done" finishes; the finished time is always the server's. */
export async function syncElement(ctx: ProgressContext, viewer: TViewer, elementId: string, body: TSyncBody): Promise<TElementProgress> {
  if (body.state === "done") {
    const done = await finishElement(ctx, viewer, elementId);
    if (body.percent === undefined && !body.history?.length) return done.progress;
  }
  assertTracked(viewer);
  const s = await ctx.courses.elementStructure(elementId, { unpublished: isAdmin(viewer) });
  return write(ctx, viewer, s, async ({ map, states }, tx) => {
    const state = states.find((e) => e.id === elementId)?.state ?? null;
    assertMayOpen(viewer, s.course, s.element, state);
    if (!isOpen(state)) throw new AppError("ELEMENT_LOCKED", `Element ${elementId} is not open`, { courseId: s.course.id, elementId });
    const at = ctx.now().toISOString();
    const entry: ProgressEntry = map[elementId] ?? { state: "opened", started: null, finished: null, percent: 0, history: [] };
    const added =
      body.history?.map((h) => ({ at: new Date(h.at).toISOString(), event: "synced" as const, ...(h.percent !== undefined ? { percent: h.percent } : {}) })) ??
      [];
    if (added.length === 0 && body.percent !== undefined) added.push({ at, event: "synced", percent: body.percent });
    const updated: ProgressEntry = {
      ...entry,
      state: entry.state === "done" ? "done" : (state as TElementState),
      percent: entry.state === "done" ? 100 : (body.percent ?? entry.percent),
      history: [...entry.history, ...added].slice(-HISTORY_LIMIT),
    };
    await tx.saveEntries(viewer.id, s.course.id, { [elementId]: updated });
    return elementProgressOf(viewer.id, s, { ...map, [elementId]: updated }, elementId);
  });
}
