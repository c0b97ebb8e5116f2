import { Link } from "react-router";
import { Icon } from "../../components/ui/icon";
import { buttonClass } from "../../components/ui/button";

export interface ListPagerProps {
  /** The nav's name for screen readers ("Catalogue pages"). */
  label: string;
  prev: { href: string; text: string } | null;
  next: { href: string; text: string } | null;
  testId: string;
}

/**
 * Previous / next links of a keyset-paged list (issue 30). Real links with real hrefs: they work
 * without JavaScript and crawlers follow them; focus shows the site's ring (app.css :focus-visible).
 * The arrows point along the reading direction: flipped in right-to-left languages.
 */
export function ListPager({ label, prev, next, testId }: ListPagerProps) {
  if (!prev && !next) return null;
  return (
    <nav aria-label={label} data-testid={testId} className="flex flex-wrap items-center justify-between gap-4">
      {prev ? (
        <Link to={prev.href} rel="prev" className={buttonClass("outline", "md")} data-testid={`${testId}-prev`}>
          <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
          {prev.text}
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={next.href} rel="next" className={buttonClass("outline", "md")} data-testid={`${testId}-next`}>
          {next.text}
          <Icon name="arrow-end" className="size-4 rtl:-scale-x-100" />
        </Link>
      ) : null}
    </nav>
  );
}
