import { isAppError } from "../../../../domain/errors";
import { contentRefusal, elementTarget, isAdmin, type ContentRefusal, type TContentTarget, type TViewer } from "../../../../domain/learning-access";
import { statesOf, type CourseReads } from "./context";

export type ContentVerdict = { refusal: ContentRefusal; target: TContentTarget } | null;

/**
 * The content rule for a course or an element, for the pages bound to them: null when the viewer
 * may read it, else the refusal (a missing or draft one is "not-found") and what was judged.
 */
export async function courseContentAccess(
  { catalog, progress }: CourseReads,
  viewer: TViewer,
  model: "course" | "element",
  id: string,
): Promise<ContentVerdict> {
  const verdict = (target: TContentTarget) => {
    const refusal = contentRefusal(viewer, target);
    return refusal ? { refusal, target } : null;
  };
  const unknown = { refusal: "not-found" as const, target: { model: "unknown" as const } };
  if (model === "course") {
    const course = await catalog.courseRow(id);
    return course ? verdict({ model: "course", course }) : isAdmin(viewer) ? null : unknown;
  }
  const s = await catalog.elementStructure(id, { unpublished: true }).catch((e: unknown) => {
    if (isAppError(e, "ELEMENT_NOT_RECEIVED")) return null;
    throw e;
  });
  if (!s) return isAdmin(viewer) ? null : unknown;
  const state = statesOf(s, await progress.storedMap(viewer, s.course.id)).find((e) => e.id === id)?.state ?? null;
  return verdict(elementTarget(s.course, s.element, state));
}
