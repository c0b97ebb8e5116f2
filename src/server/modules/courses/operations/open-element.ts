import { localized } from "../../../../domain/localized";
import type { TElementPage } from "../../../../domain/element";
import { elementPath } from "../../../../domain/element-path";
import { assertMayOpen, isAdmin, tracksProgress, type TViewer } from "../../../../domain/learning-access";
import { isLastElement, isOpen, type WithState } from "../../../../domain/progress";
import type { ElementRow } from "../repo";
import { statesOf, summary, type CourseReads } from "./context";

/** Get element with components. Locked, unbought and guest-barred elements are refused with typed 403s. */
export async function openElement(
  { catalog, progress }: CourseReads,
  viewer: TViewer,
  elementId: string,
  q: { lang: string; secret?: string; client?: string },
): Promise<TElementPage> {
  const l = await catalog.lang(q.lang);
  const s = await catalog.elementStructure(elementId, { unpublished: !!q.secret || isAdmin(viewer) });
  if (q.secret) await catalog.checkPreview(s.course, q.secret, q.client ?? "unknown");
  const preview = !!q.secret;
  const map = await progress.storedMap(viewer, s.course.id);
  const states = statesOf(s, map);
  const i = states.findIndex((e) => e.id === elementId);
  const state = i >= 0 ? states[i].state : null;
  assertMayOpen(viewer, s.course, s.element, state, { preview });
  const link = (e: WithState<ElementRow> | undefined) =>
    e && isOpen(e.state)
      ? { id: e.id, type: e.type, number: e.number, title: localized(e.title, l.lang, l.primaryLang), path: elementPath(l.lang, e.courseId, e.type, e.id) }
      : null;
  return {
    ...catalog.presentElement(s.element, l, state),
    progress: summary(map?.[elementId]),
    components: await catalog.components(viewer, "element", elementId, l.lang, preview ? "preview" : "checked"),
    isLast: i >= 0 && isLastElement(states, elementId),
    previous: i > 0 ? link(states[i - 1]) : null,
    next: i >= 0 ? link(states[i + 1]) : null,
    tracksProgress: tracksProgress(viewer),
    preview,
  };
}
