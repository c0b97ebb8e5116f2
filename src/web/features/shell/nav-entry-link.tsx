import { Link } from "react-router";
import { Icon } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import type { HeaderNavEntry } from "./header-nav-model";

/** The label of an entry: its icon (decoration only), its title, and the new-tab warning for screen readers. */
export function NavEntryLabel({ entry }: { entry: HeaderNavEntry }) {
  const { t } = useTranslation("shell");
  return (
    <>
      {entry.icon ? <Icon name={entry.icon} className="size-4 shrink-0" /> : null}
      <span>{entry.label}</span>
      {entry.newTab ? (
        <>
          <Icon name="external" className="size-3.5 shrink-0 text-muted" />
          <span className="sr-only"> {t("header.newTab")}</span>
        </>
      ) : null}
    </>
  );
}

/**
 * An entry with an address. Another site's address, or one opened in a new tab, is a plain <a> (the
 * router has nothing to do with it); a new tab gets rel="noopener noreferrer" so the opened page
 * cannot reach back into this one.
 */
export function NavEntryLink({
  entry,
  className,
  onNavigate,
  onKeyDown,
}: {
  entry: HeaderNavEntry & { href: string };
  className: string;
  onNavigate: () => void;
  /** A menu's arrow keys (header-menu.tsx). */
  onKeyDown?: (event: React.KeyboardEvent) => void;
}) {
  const body = <NavEntryLabel entry={entry} />;
  if (entry.external || entry.newTab) {
    return (
      <a
        href={entry.href}
        className={className}
        onClick={onNavigate}
        onKeyDown={onKeyDown}
        {...(entry.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        data-nav-item={entry.id}
      >
        {body}
      </a>
    );
  }
  return (
    <Link to={entry.href} className={className} onClick={onNavigate} onKeyDown={onKeyDown} data-nav-item={entry.id}>
      {body}
    </Link>
  );
}
