import { HeaderMenu } from "./header-menu";
import type { HeaderNavEntry } from "./header-nav-model";
import { NavEntryLink } from "./nav-entry-link";

const TOP_LINK = "flex items-center gap-2 rounded-xl px-3 py-2 font-medium text-ink hover:bg-primary-soft";

/** The header's list of items: a link, or a menu for an item with children (header-menu.tsx). */
export function HeaderNav({ entries, onNavigate }: { entries: readonly HeaderNavEntry[]; onNavigate: () => void }) {
  return (
    <ul className="flex flex-col gap-1 md:flex-row md:items-center md:gap-2">
      {entries.map((entry) => (
        <li key={entry.id}>
          {entry.children.length > 0 ? (
            <HeaderMenu entry={entry} onNavigate={onNavigate} />
          ) : entry.href !== undefined ? (
            <NavEntryLink entry={{ ...entry, href: entry.href }} className={TOP_LINK} onNavigate={onNavigate} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
