import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import type { TElement } from "../../../domain/element";
import { formatDuration } from "../../../domain/blocks/course-format";
import { cn } from "../../components/ui/cn";
import { Icon } from "../../components/ui/icon";
import { useLang } from "../../root-data";
import { ELEMENT_ICON } from "./element-type";
import { elementAccess, type ElementAccess } from "./rules";

const STATUS_ICON = { done: "check", opened: "arrow-end", locked: "lock", buy: "lock" } as const;
const STATUS_TONE: Record<ElementAccess, string> = {
  done: "bg-success/10 text-success",
  opened: "bg-primary-soft text-primary-strong",
  locked: "bg-surface-alt text-muted",
  buy: "bg-surface-alt text-muted",
};

export interface ElementListProps {
  elements: Array<Pick<TElement, "id" | "type" | "title" | "number" | "duration" | "state" | "path">>;
  course: { isCommercial: boolean; isBought: boolean };
  /** The opened element (seed 000 §3 marker): highlighted in the list. */
  currentId: string | null;
  /** Where an element links to (the creator preview links to its own pages). */
  hrefOf?: (e: { id: string; path: string }) => string;
  /** Every element may be opened (creator preview). */
  allOpen?: boolean;
}

/** The course contents: each element with its number, kind, title, duration and opened/done/locked state. */
export function ElementList({ elements, course, currentId, hrefOf = (e) => e.path, allOpen = false }: ElementListProps) {
  const { t } = useTranslation("learn");
  const lang = useLang();
  return (
    <ol className="flex flex-col gap-3" data-testid="element-list">
      {elements.map((e) => {
        const access = allOpen ? "opened" : elementAccess(e.state, course);
        const open = access === "done" || access === "opened";
        const current = e.id === currentId;
        const status = t(`element.status.${access}`);
        const label = (
          <>
            <span className="block text-xs font-semibold uppercase tracking-wide text-muted">
              {t(`element.type.${e.type}`)} {e.number}
            </span>
            <span className="block font-semibold text-ink">{e.title}</span>
          </>
        );
        return (
          <li
            key={e.id}
            data-testid="element-item"
            data-element={e.id}
            data-state={access}
            data-current={current || undefined}
            className={cn(
              "relative flex items-center gap-4 rounded-component border bg-surface p-4 transition",
              current ? "border-primary ring-1 ring-primary" : "border-line",
              open && "hover:shadow-md focus-within:ring-2 focus-within:ring-primary",
            )}
          >
            <span
              className={cn(
                "flex size-10 shrink-0 items-center justify-center rounded-full",
                open ? "bg-primary-soft text-primary-strong" : "bg-surface-alt text-muted",
              )}
            >
              <Icon name={ELEMENT_ICON[e.type]} className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              {open ? (
                // The link covers the item so the whole row is one target named by its title.
                <Link to={hrefOf(e)} className="outline-none after:absolute after:inset-0" aria-describedby={`status-${e.id}`}>
                  {label}
                </Link>
              ) : (
                <div aria-describedby={`status-${e.id}`}>{label}</div>
              )}
              <span className="text-sm text-muted">{formatDuration(e.duration, lang)}</span>
            </div>
            <span
              id={`status-${e.id}`}
              className={cn("inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold", STATUS_TONE[access])}
            >
              <Icon name={STATUS_ICON[access]} className={cn("size-3.5", access === "opened" && "rtl:-scale-x-100")} />
              {current ? `${status} · ${t("element.current")}` : status}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
