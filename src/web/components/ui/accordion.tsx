import { useId, useState } from "react";
import { Icon } from "./icon";

export interface AccordionItem {
  id: string;
  title: string;
  content: React.ReactNode;
}

const KEYS: Record<string, (i: number, n: number) => number> = {
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/** Up/Down/Home/End move between the headers of one accordion, as in the WAI-ARIA accordion pattern. */
function moveFocus(e: React.KeyboardEvent<HTMLButtonElement>) {
  const to = KEYS[e.key];
  const root = e.currentTarget.closest("[data-accordion]");
  if (!to || !root) return;
  const triggers = [...root.querySelectorAll<HTMLButtonElement>("[data-accordion-trigger]")];
  const i = triggers.indexOf(e.currentTarget);
  e.preventDefault();
  triggers[to(i, triggers.length)]?.focus();
}

/**
 * Questions that open independently of each other (the WAI-ARIA accordion pattern): each header is a
 * button with aria-expanded that controls its region; a closed region is hidden and empty. The same
 * markup as the Radix accordion it replaces, written out so that every page with a FAQ does not load
 * Radix for it (docs/decisions/0020-lean-client.md).
 */
export function Accordion({ items }: { items: AccordionItem[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const baseId = useId();
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <div className="divide-y divide-line overflow-hidden rounded-component border border-line bg-surface" data-orientation="vertical" data-accordion="">
      {items.map((item, i) => {
        const isOpen = open.has(item.id);
        const state = isOpen ? "open" : "closed";
        const triggerId = `${baseId}-trigger-${i}`;
        const regionId = `${baseId}-region-${i}`;
        return (
          <div key={item.id} data-state={state} data-orientation="vertical">
            <h3 data-orientation="vertical" data-state={state}>
              <button
                type="button"
                id={triggerId}
                aria-expanded={isOpen}
                aria-controls={isOpen ? regionId : undefined}
                data-state={state}
                data-orientation="vertical"
                data-accordion-trigger=""
                className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-start font-semibold text-ink hover:bg-surface-alt"
                onClick={() => toggle(item.id)}
                onKeyDown={moveFocus}
              >
                {item.title}
                <Icon name="chevron-down" className="size-5 shrink-0 transition-transform group-data-[state=open]:rotate-180" />
              </button>
            </h3>
            <div
              id={regionId}
              role="region"
              aria-labelledby={triggerId}
              hidden={!isOpen}
              data-state={state}
              data-orientation="vertical"
              className="px-5 pb-4 text-muted"
            >
              {isOpen ? item.content : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
