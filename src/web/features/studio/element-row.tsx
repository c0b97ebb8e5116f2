import { useState } from "react";
import { localized } from "../../../domain/localized";
import { dirOf } from "../../../domain/locale";
import type { TElementPatch, TStudioElement } from "../../../domain/studio";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Icon } from "../../components/ui/icon";
import { TextField } from "../../components/ui/text-field";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { languageName } from "./field-label";
import { authoringLang } from "./title-language";
import { ELEMENT_ICON } from "../learning/element-type";
import { ElementSettings } from "./element-settings";
import { ModelPageButton } from "./model-page-button";
import { patchElement } from "./studio-calls";
import { TestEditor } from "./test-editor/test-editor";

interface ElementRowProps {
  element: TStudioElement;
  primaryLang: string;
  languages: readonly string[];
  first: boolean;
  last: boolean;
  dragging: boolean;
  onMove: (delta: -1 | 1) => void;
  onChanged: (element: TStudioElement) => void;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDrop: () => void;
}

/**
 * One element of the course: its number and kind, its title in the studio's language and its
 * visibility edited in place, and the ways to move it (buttons for the keyboard, a handle to drag).
 */
export function ElementRow({ element, primaryLang, languages, first, last, dragging, onMove, onChanged, onDragStart, onDragEnd, onDrop }: ElementRowProps) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const lang = useLang();
  // The title edited in place is the one in the studio's language when the portal has it (the language the author added it in).
  const titleLang = authoringLang(lang, languages, primaryLang);
  const savedTitle = element.title[titleLang] ?? "";
  const [title, setTitle] = useState(savedTitle);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [over, setOver] = useState(false);
  const [open, setOpen] = useState(false);
  const [questionsOpen, setQuestionsOpen] = useState(false);
  const panelId = `element-settings-${element.id}`;
  const questionsId = `element-questions-${element.id}`;
  const shownTitle = localized(element.title, lang, primaryLang) || element.id;
  const language = languageName(lang, titleLang);

  const save = async (patch: TElementPatch) => {
    setBusy(true);
    setError(undefined);
    const res = await patchElement(element.id, patch);
    setBusy(false);
    if (res.ok) {
      onChanged(res.data);
      setTitle(res.data.title[titleLang] ?? "");
      return;
    }
    await loadKeyNamespace(i18n, res.error.key);
    setError(t("elements.failed", { reason: tAny(res.error.key) }));
  };

  const saveTitle = (event: React.FormEvent) => {
    event.preventDefault();
    if (title.trim() && title !== savedTitle) void save({ title: { [titleLang]: title } });
  };

  return (
    <li
      className={`flex flex-col gap-3 rounded-component border bg-surface p-3 ${over ? "border-primary" : "border-line"} ${dragging ? "opacity-60" : ""}`}
      data-testid="studio-element"
      data-element-row={element.id}
      data-type={element.type}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        onDrop();
      }}
    >
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <div className="flex items-center gap-3">
          <span
            draggable
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = "move";
              e.dataTransfer.setData("text/plain", element.id);
              onDragStart();
            }}
            onDragEnd={onDragEnd}
            title={t("elements.dragHandle", { title: shownTitle })}
            className="cursor-grab text-muted"
            data-testid="element-drag"
          >
            <Icon name="menu" className="size-5" />
          </span>
          <span className="w-8 text-end font-semibold tabular-nums text-ink" data-testid="element-number">
            {t("elements.number", { number: element.number })}
          </span>
          <Icon name={ELEMENT_ICON[element.type]} label={t(`elements.types.${element.type}`)} className="size-5 text-primary-strong" />
        </div>
        <form onSubmit={saveTitle} className="flex flex-1 items-start gap-2">
          <TextField
            className="flex-1"
            label={t("elements.elementTitle", { number: element.number, language })}
            lang={titleLang}
            dir={dirOf(titleLang)}
            value={title}
            error={error}
            onChange={(e) => setTitle(e.target.value)}
            data-testid="element-title"
          />
          <Button type="submit" variant="outline" size="sm" className="mt-7" disabled={busy || !title.trim() || title === savedTitle}>
            {t("elements.saveTitle")}
          </Button>
        </form>
        <div className="flex flex-wrap items-center gap-3">
          <Checkbox
            label={t("elements.visible")}
            checked={element.visible}
            disabled={busy}
            onChange={(e) => void save({ visible: e.target.checked })}
            data-testid="element-visible"
          />
          <span className="flex gap-1">
            <Button
              variant="ghost"
              size="sm"
              disabled={first}
              onClick={() => onMove(-1)}
              aria-label={t("elements.moveUpLabel", { title: shownTitle })}
              data-move="up"
            >
              <Icon name="chevron-up" className="size-4" />
              {t("elements.moveUp")}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={last}
              onClick={() => onMove(1)}
              aria-label={t("elements.moveDownLabel", { title: shownTitle })}
              data-move="down"
            >
              <Icon name="chevron-down" className="size-4" />
              {t("elements.moveDown")}
            </Button>
          </span>
        </div>
        <ModelPageButton model={{ name: "element", id: element.id }} title={element.title} label={t("elements.blocks")} testId="element-blocks" />
        {element.type === "test" ? (
          <Button
            variant="outline"
            size="sm"
            aria-expanded={questionsOpen}
            aria-controls={questionsId}
            onClick={() => setQuestionsOpen((o) => !o)}
            data-testid="element-questions"
          >
            {t("questions.open")}
            <Icon name={questionsOpen ? "chevron-up" : "chevron-down"} className="size-4" />
          </Button>
        ) : null}
        <Button variant="outline" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)} data-testid="element-more">
          {t("elements.more")}
          <Icon name={open ? "chevron-up" : "chevron-down"} className="size-4" />
        </Button>
      </div>
      {questionsOpen ? (
        <section id={questionsId} aria-label={t("questions.panelLabel", { title: shownTitle })} className="border-t border-line pt-4">
          <TestEditor elementId={element.id} languages={languages} primaryLang={primaryLang} />
        </section>
      ) : null}
      {open ? (
        <div id={panelId}>
          <ElementSettings
            element={element}
            languages={languages}
            onSaved={(saved) => {
              onChanged(saved);
              setTitle(saved.title[titleLang] ?? "");
            }}
          />
        </div>
      ) : null}
    </li>
  );
}
