import { localized } from "../../../domain/localized";
import { navigationIcon, type TNavigationIcon } from "../../../domain/navigation-icons";
import type { TNavigationItem } from "../../../domain/portal";

/** One entry of the public header as it is drawn: the stored item resolved for a language. */
export interface HeaderNavEntry {
  id: string;
  label: string;
  /** Where it leads; absent for a group that only holds its children. */
  href?: string;
  /** An address on another site: a plain <a>, not a client-side link. */
  external: boolean;
  newTab: boolean;
  icon: TNavigationIcon | null;
  children: HeaderNavEntry[];
}

const EXTERNAL = /^https?:\/\//;
/** The main page is the language's index, not /pages/main (routes.ts). */
const MAIN_ALIAS = "main";

/**
 * Where an item leads in a language. A page alias wins over a link: it names a page the server
 * checked on save (decision 0055), and pages live at /{lang}/pages/{alias}. A site path gets the
 * language prefix; an http(s) address is kept as it is.
 */
export function navHref(item: Pick<TNavigationItem, "alias" | "link">, lang: string): string | undefined {
  if (item.alias) return item.alias === MAIN_ALIAS ? `/${lang}/` : `/${lang}/pages/${encodeURIComponent(item.alias)}`;
  if (!item.link) return undefined;
  if (EXTERNAL.test(item.link)) return item.link;
  const path = item.link.startsWith("/") ? item.link : `/${item.link}`;
  return `/${lang}${path}`;
}

/**
 * The tree the header draws: unpublished (a draft) and hidden items are left out with everything
 * under them; an item with nothing to open (no address and no drawn children) or no title in any
 * language is left out too. Titles fall back to the portal's primary language, then to any.
 */
export function headerNavigation(tree: readonly TNavigationItem[], lang: string, primary: string): HeaderNavEntry[] {
  return tree.flatMap((item) => {
    if (!item.published || item.hidden) return [];
    const label = localized(item.title, lang, primary);
    const children = headerNavigation(item.children ?? [], lang, primary);
    const href = navHref(item, lang);
    if (!label || (!href && children.length === 0)) return [];
    return [
      {
        id: item.id,
        label,
        ...(href !== undefined ? { href } : {}),
        external: href !== undefined && EXTERNAL.test(href),
        newTab: item.openInNewTab === true,
        icon: navigationIcon(item.icon),
        children,
      },
    ];
  });
}
