import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import type { TContentsElement } from "../../../domain/course-contents";
import { formatDuration } from "../../../domain/blocks/course-format";
import { IconSprite, IconUse, type IconName } from "../../components/ui/icon";
import { useLang } from "../../root-data";
import { ELEMENT_ICON } from "./element-type";
import { elementAccess } from "./rules";

const STATUS_ICON = { done: "check", opened: "arrow-end", locked: "lock", buy: "lock" } as const;
/** The icons the rows use, drawn once for the whole list (decision 0075). */
const SPRITE = "ei-";
const SPRITE_ICONS: IconName[] = [...new Set<IconName>([...Object.values(ELEMENT_ICON), ...Object.values(STATUS_ICON)])];

export interface ElementListProps {
  elements: TContentsElement[];
  course: { isCommercial: boolean; isBought: boolean };
  /** The opened element (seed 000 §3 marker): highlighted in the list. */
  currentId: string | null;
  /** Where an element links to (the creator preview links to its own pages). */
  hrefOf?: (e: { id: string; path: string }) => string;
  /** Every element may be opened (creator preview). */
  allOpen?: boolean;
}

/**
 * The course contents: each element with its number, kind, title, duration and opened/done/locked
 * state. A course may list hundreds, so a row carries only its data: its look comes from `.el-list`
 * in app.css by its position, data-state and data-current, its icons are uses of one sprite, and
 * its status is named by the row's index (docs/decisions/0075-lean-loader-data.md).
 */
export function ElementList({ elements, course, currentId, hrefOf = (e) => e.path, allOpen = false }: ElementListProps) {
  const { t } = useTranslation("learn");
  const lang = useLang();
  return (
    <>
      <IconSprite prefix={SPRITE} names={SPRITE_ICONS} />
      <ol className="el-list flex flex-col gap-3" data-testid="element-list">
        {elements.map((e, i) => {
          const access = allOpen ? "opened" : elementAccess(e.state, course);
          const open = access === "done" || access === "opened";
          const current = e.id === currentId;
          const status = t(`element.status.${access}`);
          const statusId = `el-s${i}`;
          const label = (
            <>
              <span>{`${t(`element.type.${e.type}`)} ${e.number}`}</span>
              <span>{e.title}</span>
            </>
          );
          return (
            // A row is found as element-list > li[data-element] (no test id of its own: 27 bytes a row).
            <li key={e.id} data-element={e.id} data-state={access} data-current={current || undefined}>
              <IconUse sprite={SPRITE} name={ELEMENT_ICON[e.type]} />
              <div>
                {open ? (
                  // The link covers the item so the whole row is one target named by its title. The
                  // route manifest is loaded whole (routeDiscovery "initial"), so a link has nothing to discover.
                  <Link to={hrefOf(e)} aria-describedby={statusId} discover="none">
                    {label}
                  </Link>
                ) : (
                  <div aria-describedby={statusId}>{label}</div>
                )}
                <span>{formatDuration(e.duration, lang)}</span>
              </div>
              <span id={statusId}>
                <IconUse sprite={SPRITE} name={STATUS_ICON[access]} />
                {current ? `${status} · ${t("element.current")}` : status}
              </span>
            </li>
          );
        })}
      </ol>
    </>
  );
}
