import { useEffect, useState } from "react";
import type { TStudioElement } from "../../../domain/studio";
import { Alert } from "../../components/ui/alert";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { AddElementForm } from "./add-element-form";
import { ElementRow } from "./element-row";
import { moveItem } from "./form-value";
import { reorderElements } from "./studio-calls";

/** Where keyboard focus goes after a move: the same button of the moved element (its row is redrawn elsewhere). */
interface FocusAfterMove {
  elementId: string;
  button: "up" | "down";
}

/**
 * A course's elements in order (issue 15): each one's title and visibility edited in place, the order
 * changed with Move up / Move down or by dragging. Every reorder is sent at once; a refused one goes
 * back to the order before it and says why.
 */
export function ElementList({
  courseId,
  initial,
  languages,
  primaryLang,
}: {
  courseId: string;
  initial: TStudioElement[];
  languages: readonly string[];
  primaryLang: string;
}) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const [elements, setElements] = useState(initial);
  const [moving, setMoving] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const [focusAfter, setFocusAfter] = useState<FocusAfterMove | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);

  useEffect(() => {
    if (!focusAfter) return;
    const row = document.querySelector(`[data-element-row="${CSS.escape(focusAfter.elementId)}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${focusAfter.button}"]:not([disabled])`);
    (wanted ?? row?.querySelector<HTMLButtonElement>("[data-move]:not([disabled])"))?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const move = async (from: number, to: number, focus?: FocusAfterMove) => {
    if (moving || to < 0 || to >= elements.length || from === to) return;
    const before = elements;
    const next = moveItem(before, from, to).map((e, index) => ({ ...e, index, number: index + 1 }));
    setElements(next);
    if (focus) setFocusAfter(focus);
    setMoving(true);
    setMessage(null);
    const res = await reorderElements(
      courseId,
      next.map((e) => e.id),
    );
    setMoving(false);
    if (res.ok) {
      setElements(res.data.elements);
      setMessage({ tone: "success", text: t("elements.orderSaved") });
      return;
    }
    setElements(before);
    await loadKeyNamespace(i18n, res.error.key);
    setMessage({ tone: "danger", text: t("elements.orderFailed", { reason: tAny(res.error.key) }) });
  };

  const replace = (element: TStudioElement) => setElements((list) => list.map((e) => (e.id === element.id ? element : e)));

  const drop = (targetId: string) => {
    const from = elements.findIndex((e) => e.id === dragged);
    const to = elements.findIndex((e) => e.id === targetId);
    setDragged(null);
    if (from >= 0 && to >= 0) void move(from, to);
  };

  return (
    <section aria-labelledby="studio-elements-title" className="flex flex-col gap-4" data-testid="studio-elements">
      <h2 id="studio-elements-title" className="font-title text-2xl font-bold text-ink">
        {t("elements.title")}
      </h2>
      <p className="text-muted">{t("elements.intro")}</p>
      {message ? <Alert tone={message.tone} title={message.text} /> : null}
      {elements.length === 0 ? (
        <p className="text-ink">{t("elements.empty")}</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-busy={moving}>
          {elements.map((element, index) => (
            <ElementRow
              key={element.id}
              element={element}
              primaryLang={primaryLang}
              languages={languages}
              first={index === 0}
              last={index === elements.length - 1}
              dragging={dragged === element.id}
              onMove={(delta) => void move(index, index + delta, { elementId: element.id, button: delta < 0 ? "up" : "down" })}
              onChanged={replace}
              onDragStart={() => setDragged(element.id)}
              onDragEnd={() => setDragged(null)}
              onDrop={() => drop(element.id)}
            />
          ))}
        </ol>
      )}
      <AddElementForm courseId={courseId} primaryLang={primaryLang} onAdded={(e) => setElements((list) => [...list, e])} />
    </section>
  );
}
