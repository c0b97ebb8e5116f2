import { useRef } from "react";
import { cn } from "./cn";
import { tabKeyTarget } from "./tab-keys";

export interface TabItem<K extends string> {
  key: K;
  label: React.ReactNode;
  /** Extra attributes of the tab (data-testid, lang). */
  attrs?: Record<`data-${string}`, string> & { lang?: string };
}

export interface TabsProps<K extends string> {
  /** Unique on the page: the tabs' ids are `{id}-tab-{key}` and the panel's `{id}-panel`. */
  id: string;
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  className?: string;
  "data-testid"?: string;
}

/** The ids that tie a tab list to the panel showing its selected tab (spread on the panel: role, id, aria-labelledby). */
export function tabPanelProps(id: string, selected: string) {
  return { role: "tabpanel" as const, id: `${id}-panel`, "aria-labelledby": `${id}-tab-${selected}`, tabIndex: 0 };
}

/**
 * One tab list of the app (every `role="tablist"` is this): the WAI-ARIA tabs pattern with a roving
 * tabindex (only the selected tab is in the Tab order), arrows that follow the reading direction
 * (tab-keys.ts) and Home/End; moving selects (automatic activation: panels here are cheap to draw).
 */
export function Tabs<K extends string>({ id, label, items, selected, onSelect, className, ...rest }: TabsProps<K>) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: React.KeyboardEvent<HTMLButtonElement>, index: number) => {
    const rtl = getComputedStyle(e.currentTarget).direction === "rtl";
    const target = tabKeyTarget(e.key, index, items.length, rtl);
    if (target === null || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const item = items[target]!;
    onSelect(item.key);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-tab-${item.key}`)}`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label={label} className={cn("flex flex-wrap gap-1 border-b border-line", className)} data-testid={rest["data-testid"]}>
      {items.map((item, index) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          id={`${id}-tab-${item.key}`}
          aria-selected={item.key === selected}
          aria-controls={`${id}-panel`}
          tabIndex={item.key === selected ? 0 : -1}
          onClick={() => onSelect(item.key)}
          onKeyDown={(e) => onKeyDown(e, index)}
          className="-mb-px border-b-2 border-transparent px-3 py-2 font-medium text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-primary aria-selected:border-primary aria-selected:text-primary-strong"
          {...item.attrs}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
