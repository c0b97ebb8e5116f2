import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useState } from "react";
import type { TDesignerBlock } from "../../../../domain/studio-pages";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Icon } from "../../../components/ui/icon";
import type { TFunction } from "../../../i18n/translator";
import { useTranslation } from "../../../i18n/use-translation";
import { languageName } from "../field-label";
import { BlockThumbnail } from "./block-thumbnail";
import { missingLanguages } from "./missing-translations";

interface BlockListProps {
  blocks: readonly TDesignerBlock[];
  selectedId: string | null;
  languages: readonly string[];
  primaryLang: string;
  onSelect: (id: string) => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: (id: string) => void;
  onRemove: (id: string) => void;
  onAdd: () => void;
}

/** The first text of a block, to tell blocks of one type apart. */
export function blockSummary(block: TDesignerBlock, primaryLang: string): string {
  const props = (block.props[primaryLang] ?? Object.values(block.props)[0]) as Record<string, unknown> | undefined;
  for (const key of ["title", "name", "question", "text", "caption", "alt", "value"]) {
    const v = props?.[key];
    if (typeof v === "string" && v.trim()) return v.trim().slice(0, 80);
  }
  return "";
}

const typeName = (t: TFunction, block: TDesignerBlock) => t(`blockTypes.${block.type}`);

/**
 * The page's blocks in order (issue 15): choose one to edit, drag it by its handle (mouse, touch or
 * keyboard: Space to pick up, arrows to move, Space to drop), or use its move up/down buttons;
 * duplicate it, or delete it after a confirmation. Each row marks the languages it misses.
 */
export function BlockList({ blocks, selectedId, languages, primaryLang, onSelect, onMove, onDuplicate, onRemove, onAdd }: BlockListProps) {
  const { t, i18n } = useTranslation("studio");
  const [confirming, setConfirming] = useState<TDesignerBlock | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: unknown) => blocks.findIndex((b) => b.id === id);
  const nameOf = (id: unknown) => {
    const b = blocks[indexOf(id)];
    return b ? `${typeName(t, b)} ${indexOf(id) + 1}` : "";
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(indexOf(active.id), indexOf(over.id));
  };
  const move = (from: number, to: number) => {
    onMove(from, to);
    // The keyboard stays on the moved block; at an end its button that way is disabled, so the other one takes focus.
    const direction = to === 0 ? "down" : to === blocks.length - 1 ? "up" : to < from ? "up" : "down";
    const id = blocks[from]?.id;
    requestAnimationFrame(() => document.getElementById(`block-${id}-${direction}`)?.focus());
  };

  return (
    <section aria-labelledby="designer-blocks-title" className="flex flex-col gap-3" data-testid="designer-blocks">
      <div className="flex items-center justify-between gap-2">
        <h2 id="designer-blocks-title" className="font-title text-lg font-bold text-ink">
          {t("designer.blocks")}
        </h2>
        <Button size="sm" onClick={onAdd} data-testid="designer-add-block">
          {t("designer.addBlock")}
        </Button>
      </div>
      <p className="text-sm text-muted">{t("designer.blocksIntro")}</p>
      {blocks.length === 0 ? <p className="text-ink">{t("designer.noBlocks")}</p> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t("designer.dragInstructions") },
          announcements: {
            onDragStart: ({ active }) => t("designer.dragStart", { name: nameOf(active.id) }),
            onDragOver: ({ active, over }) => (over ? t("designer.dragOver", { name: nameOf(active.id), position: indexOf(over.id) + 1 }) : undefined),
            onDragEnd: ({ active, over }) =>
              over ? t("designer.dragEnd", { name: nameOf(active.id), position: indexOf(over.id) + 1 }) : t("designer.dragCancel"),
            onDragCancel: () => t("designer.dragCancel"),
          },
        }}
      >
        <SortableContext items={blocks.map((b) => b.id)} strategy={verticalListSortingStrategy}>
          <ol className="flex flex-col gap-2">
            {blocks.map((block, i) => (
              <BlockRow
                key={block.id}
                block={block}
                index={i}
                count={blocks.length}
                selected={block.id === selectedId}
                missing={missingLanguages(block, languages, primaryLang).map((l) => languageName(i18n.language, l))}
                summary={blockSummary(block, primaryLang)}
                onSelect={() => onSelect(block.id)}
                onMove={move}
                onDuplicate={() => onDuplicate(block.id)}
                onRemove={() => setConfirming(block)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? null : setConfirming(null))}
        title={t("designer.deleteTitle")}
        description={confirming ? t("designer.deleteText", { name: `${typeName(t, confirming)} ${indexOf(confirming.id) + 1}` }) : undefined}
        closeLabel={t("designer.close")}
        width={440}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(null)}>
            {t("designer.cancel")}
          </Button>
          <Button
            variant="danger"
            data-testid="block-delete-confirm"
            onClick={() => {
              if (confirming) onRemove(confirming.id);
              setConfirming(null);
            }}
          >
            {t("designer.delete")}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}

interface BlockRowProps {
  block: TDesignerBlock;
  index: number;
  count: number;
  selected: boolean;
  missing: string[];
  summary: string;
  onSelect: () => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}

function BlockRow({ block, index, count, selected, missing, summary, onSelect, onMove, onDuplicate, onRemove }: BlockRowProps) {
  const { t } = useTranslation("studio");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: block.id });
  const name = `${typeName(t, block)} ${index + 1}`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex flex-col gap-2 rounded-component border bg-surface p-2 ${selected ? "border-primary ring-2 ring-primary/30" : "border-line"} ${isDragging ? "z-10 shadow-lg" : ""}`}
      data-testid="designer-block"
      data-block-id={block.id}
      data-block-type={block.type}
    >
      <div className="flex items-center gap-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t("designer.dragHandle", { name })}
          className="cursor-grab rounded p-1 text-muted hover:bg-surface-alt focus-visible:outline-2 focus-visible:outline-primary"
          data-testid="block-drag"
        >
          <Icon name="menu" className="size-5" />
        </button>
        <button
          type="button"
          onClick={onSelect}
          aria-pressed={selected}
          className="flex min-w-0 flex-1 items-center gap-2 rounded p-1 text-start hover:bg-surface-alt focus-visible:outline-2 focus-visible:outline-primary"
          data-testid="block-select"
        >
          <BlockThumbnail type={block.type} className="h-6 w-9" />
          <span className="flex min-w-0 flex-col">
            <span className="text-sm font-semibold text-ink">{name}</span>
            {summary ? (
              <span className="truncate text-xs text-muted" dir="auto">
                {summary}
              </span>
            ) : null}
          </span>
        </button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-1">
        <span className="flex flex-wrap gap-1">
          {missing.map((language) => (
            <span key={language} className="rounded-full bg-danger/10 px-2 py-0.5 text-xs font-semibold text-danger" data-testid="block-missing">
              {t("designer.missingShort", { language })}
            </span>
          ))}
        </span>
        <span className="flex gap-1">
          <Button
            variant="ghost"
            size="sm"
            id={`block-${block.id}-up`}
            disabled={index === 0}
            aria-label={t("designer.moveUp", { name })}
            onClick={() => onMove(index, index - 1)}
            data-testid="block-move-up"
          >
            <Icon name="chevron-up" className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            id={`block-${block.id}-down`}
            disabled={index === count - 1}
            aria-label={t("designer.moveDown", { name })}
            onClick={() => onMove(index, index + 1)}
            data-testid="block-move-down"
          >
            <Icon name="chevron-down" className="size-4" />
          </Button>
          <Button variant="ghost" size="sm" aria-label={t("designer.duplicate", { name })} onClick={onDuplicate} data-testid="block-duplicate">
            <Icon name="list" className="size-4" />
          </Button>
          <Button variant="ghost" size="sm" aria-label={t("designer.deleteBlock", { name })} onClick={onRemove} data-testid="block-delete">
            <Icon name="close" className="size-4" />
          </Button>
        </span>
      </div>
    </li>
  );
}
