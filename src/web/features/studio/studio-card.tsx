import { Link } from "react-router";
import { Icon } from "../../components/ui/icon";

/**
 * One entry of a studio list (courses, pages, microcourses, video events): a card linking to the
 * entry's screen with its title, its address and its badges. `attrs` carries the list's test hooks.
 */
export function StudioCard({
  to,
  title,
  address,
  attrs,
  children,
}: {
  to: string;
  title: string;
  address: string;
  attrs: Record<`data-${string}`, string>;
  children: React.ReactNode;
}) {
  return (
    <li>
      <Link to={to} className="flex h-full flex-col gap-2 rounded-component border border-line bg-surface p-4 hover:border-primary" {...attrs}>
        <span className="flex items-start justify-between gap-3">
          <span className="font-title text-lg font-bold text-ink">{title}</span>
          <Icon name="arrow-end" className="mt-1 size-4 shrink-0 text-primary-strong rtl:-scale-x-100" />
        </span>
        <span className="text-sm text-muted" dir="auto">
          {address}
        </span>
        <span className="flex flex-wrap gap-2">{children}</span>
      </Link>
    </li>
  );
}
