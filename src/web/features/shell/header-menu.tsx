import { useEffect, useId, useRef, useState } from "react";
import { Icon } from "../../components/ui/icon";
import type { HeaderNavEntry } from "./header-nav-model";
import { NavEntryLabel, NavEntryLink } from "./nav-entry-link";

/** The links of a menu's list, in order (second-level groups included). */
const linksOf = (panel: HTMLElement | null) => Array.from(panel?.querySelectorAll<HTMLAnchorElement>("a[href]") ?? []);

/** Focuses a link by index, wrapping around (-1 is the last). */
function focusLink(panel: HTMLElement | null, index: number) {
  const all = linksOf(panel);
  if (all.length) all[(index + all.length) % all.length]!.focus();
}

const LINK = "flex items-center gap-2 rounded-xl px-3 py-2 text-ink hover:bg-primary-soft focus-visible:bg-primary-soft";

/** The entries of an open menu: links, and second-level groups drawn as a titled section of links. */
function MenuEntries({
  entries,
  onNavigate,
  onKeyDown,
}: {
  entries: readonly HeaderNavEntry[];
  onNavigate: () => void;
  onKeyDown: (event: React.KeyboardEvent) => void;
}) {
  const groupId = useId();
  return (
    <>
      {entries.map((entry) => {
        if (entry.children.length === 0) {
          return entry.href !== undefined ? (
            <li key={entry.id}>
              <NavEntryLink entry={{ ...entry, href: entry.href }} className={LINK} onNavigate={onNavigate} onKeyDown={onKeyDown} />
            </li>
          ) : null;
        }
        const titleId = `${groupId}-${entry.id}`;
        return (
          <li key={entry.id} className="mt-1 border-t border-line pt-1 first:mt-0 first:border-t-0 first:pt-0">
            {entry.href !== undefined ? (
              <NavEntryLink entry={{ ...entry, href: entry.href }} className={`${LINK} font-semibold`} onNavigate={onNavigate} onKeyDown={onKeyDown} />
            ) : (
              <p id={titleId} className="flex items-center gap-2 px-3 pt-2 pb-1 text-sm font-semibold text-muted">
                <NavEntryLabel entry={entry} />
              </p>
            )}
            <ul className="ps-3" {...(entry.href === undefined ? { "aria-labelledby": titleId } : { "aria-label": entry.label })}>
              <MenuEntries entries={entry.children} onNavigate={onNavigate} onKeyDown={onKeyDown} />
            </ul>
          </li>
        );
      })}
    </>
  );
}

/**
 * A top-level item with children: the disclosure pattern (a button with aria-expanded that shows a
 * list of links), not role="menu", which is for application menus. ArrowDown/ArrowUp on the button
 * open it at the first/last link; in it they move between links (Home/End to the ends); Escape
 * closes it and returns focus to the button; a click or focus outside closes it. Below md it opens
 * in place inside the mobile menu; from md it drops down from the item's start edge, so it mirrors
 * in right-to-left languages. The item's own address, if any, is the list's first link.
 */
export function HeaderMenu({ entry, onNavigate }: { entry: HeaderNavEntry; onNavigate: () => void }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLUListElement>(null);
  /** Where focus goes once the list is drawn open (it cannot take focus while hidden). */
  const focusOnOpen = useRef<"first" | "last" | null>(null);
  const panelId = useId();

  const focusAt = (index: number) => focusLink(panelRef.current, index);

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen.current) focusLink(panelRef.current, focusOnOpen.current === "first" ? 0 : -1);
    focusOnOpen.current = null;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  const navigate = () => {
    close(false);
    onNavigate();
  };

  const onButtonKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const where = event.key === "ArrowDown" ? "first" : "last";
      if (open) focusAt(where === "first" ? 0 : -1);
      else {
        focusOnOpen.current = where;
        setOpen(true);
      }
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onLinkKeyDown = (event: React.KeyboardEvent) => {
    const at = linksOf(panelRef.current).indexOf(document.activeElement as HTMLAnchorElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 };
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key in moves) {
      event.preventDefault();
      focusAt(moves[event.key]!);
    }
  };

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="flex w-full items-center gap-2 rounded-xl px-3 py-2 font-medium text-ink hover:bg-primary-soft"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={onButtonKeyDown}
        data-nav-menu={entry.id}
      >
        <NavEntryLabel entry={entry} />
        <Icon name="chevron-down" className={`size-4 shrink-0 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <ul
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className="flex flex-col gap-0.5 ps-3 md:absolute md:start-0 md:top-full md:z-50 md:mt-1 md:w-64 md:rounded-xl md:border md:border-line md:bg-surface md:p-2 md:ps-2 md:shadow-lg"
        data-nav-panel={entry.id}
      >
        {entry.href !== undefined ? (
          <li>
            <NavEntryLink entry={{ ...entry, href: entry.href, children: [] }} className={LINK} onNavigate={navigate} onKeyDown={onLinkKeyDown} />
          </li>
        ) : null}
        <MenuEntries entries={entry.children} onNavigate={navigate} onKeyDown={onLinkKeyDown} />
      </ul>
    </div>
  );
}
