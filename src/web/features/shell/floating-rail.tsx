import { Fragment, useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { arrangeFloatingButtons, type FloatingButton } from "../../../domain/floating-buttons";
import { cn } from "../../components/ui/cn";
import { Icon, type IconName } from "../../components/ui/icon";
import { useConsent } from "../consent/use-consent";

const ICON: Record<string, IconName> = { connect_to_mentor: "chat", course_tree: "list", scroll_to_top: "arrow-up" };

export interface RailButton extends FloatingButton {
  onClick(): void;
  /** A count shown on the button (the chat's unread messages); 0 or none shows nothing. */
  badge?: number;
  /** The badge as words for assistive technology ("3 unread"). */
  badgeLabel?: string;
  /** For a button that opens a panel: whether it is open (aria-expanded) and its id (aria-controls). */
  expanded?: boolean;
  controls?: string;
  /** Starts loading what the button opens before the click (pointer over, focus). */
  onIntent?(): void;
  /**
   * A note shown at the top of the rail (the chat's hello bubble): in the rail's column it never
   * overlaps the buttons, and the room the footer keeps counts it.
   */
  note?: React.ReactNode;
}

/**
 * The floating-button rail: ordered and renumbered; labels under 3 buttons, small style at 5+.
 * On phones it steps aside while the full-width cookie notice is open.
 */
export function FloatingRail({ extra = [] }: { extra?: RailButton[] }) {
  const { t } = useTranslation("shell");
  const scrolled = useScrolledPast(400);
  const { noticeOpen } = useConsent();
  const buttons: RailButton[] = [...extra, { id: "scroll_to_top", visible: scrolled, onClick: () => window.scrollTo({ top: 0, behavior: "smooth" }) }];
  const rail = arrangeFloatingButtons(buttons);
  if (rail.buttons.length === 0) return null;
  const byId = new Map(buttons.map((b) => [b.id, b]));
  const badgeOf = (id: string) => {
    const count = byId.get(id)?.badge ?? 0;
    return count > 0 ? { text: count > 99 ? "99+" : String(count), label: byId.get(id)?.badgeLabel ?? String(count) } : null;
  };
  return (
    <div
      ref={reserveRoomBelowPage}
      className={cn("fixed bottom-6 end-4 z-40 flex flex-col items-end gap-3", noticeOpen && "max-sm:hidden")}
      data-testid="floating-rail"
    >
      {buttons.map((b) => (b.visible && b.note ? <Fragment key={`note-${b.id}`}>{b.note}</Fragment> : null))}
      {rail.buttons.map((b) => {
        const label = t(`floating.${b.id}`);
        return (
          <button
            key={b.id}
            type="button"
            onClick={byId.get(b.id)?.onClick}
            onPointerEnter={byId.get(b.id)?.onIntent}
            onFocus={byId.get(b.id)?.onIntent}
            style={{ order: b.currentOrder }}
            aria-label={rail.showLabels ? undefined : [label, badgeOf(b.id)?.label].filter(Boolean).join(", ")}
            aria-expanded={byId.get(b.id)?.expanded}
            aria-controls={byId.get(b.id)?.expanded ? byId.get(b.id)?.controls : undefined}
            data-rail={b.id}
            className={cn(
              "relative inline-flex items-center gap-2 rounded-full bg-primary font-semibold text-white shadow-lg hover:bg-primary-strong",
              rail.small ? "size-10 justify-center" : rail.showLabels ? "h-12 px-4" : "size-12 justify-center",
            )}
          >
            <Icon name={ICON[b.id] ?? "info"} className={rail.small ? "size-4" : "size-5"} />
            {rail.showLabels ? <span>{label}</span> : null}
            {badgeOf(b.id) ? (
              <span
                className="absolute -top-1 -end-1 inline-flex min-w-5 items-center justify-center rounded-full bg-danger px-1 text-xs font-bold leading-5 text-white ring-2 ring-surface"
                data-testid={`rail-badge-${b.id}`}
              >
                <span aria-hidden="true">{badgeOf(b.id)?.text}</span>
                {rail.showLabels ? <span className="sr-only">{badgeOf(b.id)?.label}</span> : null}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

/** The rail's bottom offset (bottom-6) and a gap above the page's last line. */
const RAIL_MARGIN_PX = 24 + 16;

/**
 * Keeps `--rail-clearance` (read by the footer as its bottom padding) at the rail's height, notes
 * included, while the rail is shown: at the end of a page the rail would otherwise cover the
 * footer's last links, and a link reached with Tab would be hidden under it (WCAG 2.4.11).
 */
function reserveRoomBelowPage(rail: HTMLDivElement | null) {
  if (!rail) return;
  const root = document.documentElement;
  const set = () => root.style.setProperty("--rail-clearance", rail.offsetHeight > 0 ? `${rail.offsetHeight + RAIL_MARGIN_PX}px` : "0px");
  set();
  const watch = new ResizeObserver(set);
  watch.observe(rail);
  return () => {
    watch.disconnect();
    root.style.removeProperty("--rail-clearance");
  };
}

/** True once the page is scrolled past `offset` px; scroll handling is throttled to 15 ms (seed 9). */
function useScrolledPast(offset: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let last = 0;
    const onScroll = () => {
      const now = Date.now();
      if (now - last < 15) return;
      last = now;
      setPast(window.scrollY > offset);
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [offset]);
  return past;
}
