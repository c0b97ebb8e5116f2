import { useState } from "react";
import { localized } from "../../../domain/localized";
import { NAVIGATION_DEPTH_MAX, type TStudioNavigation, ZNavigationItemSettings } from "../../../domain/studio-navigation";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Container } from "../../components/ui/container";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { BlockPropsForm } from "./block-props-form";
import type { CustomEditors } from "./form-context";
import { IconPicker } from "./icon-picker";
import { serverIssuesOf } from "./course-settings-value";
import type { PathIssue } from "./form-value";
import { addItem, depthOf, heightOf, moveDown, moveIn, moveOut, moveUp, type NavItem, removeItem } from "./navigation-tree";
import { putNavigation } from "./studio-calls";
import { SaveStatus, type SaveState } from "./save-status";
import { StudioHeader } from "./studio-header";

/** The icon field is a picker that shows the icons (the generator would draw a plain list of names). */
const navigationEditors: CustomEditors = (model) => (model.name === "icon" && model.kind === "select" ? IconPicker : null);

/** A refusal of the last save, shown at the item it names. */
type ItemError = { itemId: string; message: string; issues: PathIssue[] };

const newId = () => `nav-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The item's fields the form edits (everything but its id and place). */
function settingsOf(item: NavItem): Record<string, unknown> {
  const { id: _id, parentId: _parent, ...settings } = item;
  return settings;
}

/**
 * /{lang}/studio/navigation (issue 15): the header's navigation tree. Items move up, down, in (under
 * the item above) and out with their buttons or Alt+arrow keys on the item; the selected item's
 * fields are edited in the form generated from ZNavigationItemSettings. Save replaces the whole tree
 * (PUT /api/admin/navigation); a refusal is shown at the item it names.
 */
export function NavigationEditor({ navigation, languages, primaryLang }: { navigation: TStudioNavigation; languages: readonly string[]; primaryLang: string }) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const lang = useLang();
  const [items, setItems] = useState<NavItem[]>(navigation.items);
  const [version, setVersion] = useState(navigation.version);
  const [selected, setSelected] = useState<string | null>(navigation.items[0]?.id ?? null);
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const [dirty, setDirty] = useState(false);
  const [itemError, setItemError] = useState<ItemError | null>(null);

  const update = (next: NavItem[]) => {
    setItems(next);
    setDirty(true);
    setItemError(null);
    if (state.kind !== "saving") setState({ kind: "idle" });
  };
  const current = items.find((i) => i.id === selected) ?? null;
  const titleOf = (item: NavItem) => localized(item.title, lang, primaryLang) || item.id;

  const add = (parentId: string | null) => {
    const item: NavItem = {
      id: newId(),
      parentId,
      title: { [primaryLang]: t("navigation.newItem") },
      link: "/",
      openInNewTab: false,
      hidden: false,
      published: true,
    };
    update(addItem(items, item));
    setSelected(item.id);
  };
  const canMoveIn = (item: NavItem) => {
    const sibs = items.filter((i) => i.parentId === item.parentId);
    const k = sibs.findIndex((i) => i.id === item.id);
    return k > 0 && depthOf(items, sibs[k - 1]!.id) + heightOf(items, item.id) <= NAVIGATION_DEPTH_MAX;
  };
  const isFirst = (item: NavItem) => items.filter((i) => i.parentId === item.parentId)[0]?.id === item.id;
  const isLast = (item: NavItem) => items.filter((i) => i.parentId === item.parentId).at(-1)?.id === item.id;

  const onKey = (event: React.KeyboardEvent, item: NavItem) => {
    if (!event.altKey) return;
    const rtl = document.documentElement.dir === "rtl";
    const moves: Record<string, (list: readonly NavItem[], id: string) => NavItem[]> = {
      ArrowUp: moveUp,
      ArrowDown: moveDown,
      [rtl ? "ArrowLeft" : "ArrowRight"]: (list, id) => (canMoveIn(item) ? moveIn(list, id) : [...list]),
      [rtl ? "ArrowRight" : "ArrowLeft"]: moveOut,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    update(move(items, item.id));
  };

  const save = async () => {
    if (state.kind === "saving") return;
    setState({ kind: "saving" });
    const res = await putNavigation({ items, baseVersion: version });
    if (res.ok) {
      setItems(res.data.items);
      setVersion(res.data.version);
      setDirty(false);
      setState({ kind: "saved" });
      return;
    }
    await loadKeyNamespace(i18n, res.error.key);
    const reason = tAny(res.error.key);
    const details = (res.error.details ?? {}) as { itemId?: unknown };
    const byPath = (res.error.validationErrors ?? []).map((e) => ({ match: /^items\.(\d+)\.?(.*)$/.exec(e.path), message: e.message })).find((e) => e.match);
    const itemId = typeof details.itemId === "string" ? details.itemId : byPath ? items[Number(byPath.match![1])]?.id : undefined;
    if (itemId) {
      const inItem = (res.error.validationErrors ?? []).flatMap((e) => {
        const m = /^items\.\d+\.(.+)$/.exec(e.path);
        return m ? [{ ...e, path: m[1]! }] : [];
      });
      setItemError({ itemId, message: reason, issues: serverIssuesOf(inItem) });
      setSelected(itemId);
    }
    setState({ kind: "failed", reason });
  };

  return (
    <>
      <StudioHeader />
      <Container className="flex flex-col gap-6 py-8">
        <div className="flex flex-col gap-2">
          <h1 className="font-title text-3xl font-bold text-ink">{t("navigation.title")}</h1>
          <p className="text-muted">{t("navigation.intro")}</p>
        </div>
        <div className="grid gap-6 md:grid-cols-2">
          <section aria-labelledby="nav-tree-title" className="flex flex-col gap-3">
            <h2 id="nav-tree-title" className="font-title text-xl font-bold text-ink">
              {t("navigation.tree")}
            </h2>
            {items.length === 0 ? <p className="text-ink">{t("navigation.empty")}</p> : null}
            <ol className="flex flex-col gap-2" data-testid="nav-tree">
              {items.map((item) => {
                const depth = depthOf(items, item.id);
                const title = titleOf(item);
                const error = itemError?.itemId === item.id ? itemError.message : null;
                return (
                  <li key={item.id} style={{ paddingInlineStart: `${(depth - 1) * 1.5}rem` }} data-testid="nav-item" data-item={item.id} data-depth={depth}>
                    <div
                      className={`flex flex-col gap-2 rounded-component border p-3 ${selected === item.id ? "border-primary bg-primary-soft" : "border-line bg-surface"}`}
                    >
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <button
                          type="button"
                          className="text-start font-medium text-ink underline-offset-2 hover:underline"
                          aria-pressed={selected === item.id}
                          aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Alt+ArrowLeft Alt+ArrowRight"
                          onClick={() => setSelected(item.id)}
                          onKeyDown={(e) => onKey(e, item)}
                          data-testid="nav-item-select"
                        >
                          {title}
                        </button>
                        <span className="flex flex-wrap gap-1">
                          {!item.published ? <Badge tone="neutral">{t("courses.draft")}</Badge> : null}
                          {item.hidden ? <Badge tone="neutral">{t("courses.hidden")}</Badge> : null}
                        </span>
                      </div>
                      <div className="flex flex-wrap gap-1">
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={isFirst(item)}
                          onClick={() => update(moveUp(items, item.id))}
                          aria-label={t("navigation.moveUp", { title })}
                        >
                          {t("navigation.up")}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={isLast(item)}
                          onClick={() => update(moveDown(items, item.id))}
                          aria-label={t("navigation.moveDown", { title })}
                        >
                          {t("navigation.down")}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={!canMoveIn(item)}
                          onClick={() => update(moveIn(items, item.id))}
                          aria-label={t("navigation.moveIn", { title })}
                        >
                          {t("navigation.in")}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={item.parentId === null}
                          onClick={() => update(moveOut(items, item.id))}
                          aria-label={t("navigation.moveOut", { title })}
                        >
                          {t("navigation.out")}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={depth >= NAVIGATION_DEPTH_MAX}
                          onClick={() => add(item.id)}
                          aria-label={t("navigation.addChildOf", { title })}
                          data-testid="nav-add-child"
                        >
                          {t("navigation.addChild")}
                        </Button>
                        <Button
                          size="sm"
                          variant="danger"
                          onClick={() => {
                            update(removeItem(items, item.id));
                            if (selected === item.id) setSelected(null);
                          }}
                          aria-label={t("navigation.removeItem", { title })}
                        >
                          {t("navigation.remove")}
                        </Button>
                      </div>
                      {error ? (
                        <p role="alert" className="text-sm font-medium text-danger" data-testid="nav-item-error">
                          {error}
                        </p>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ol>
            <div>
              <Button variant="outline" onClick={() => add(null)} data-testid="nav-add">
                {t("navigation.add")}
              </Button>
            </div>
          </section>
          <section aria-labelledby="nav-item-title" className="flex flex-col gap-3" data-testid="nav-item-form">
            <h2 id="nav-item-title" className="font-title text-xl font-bold text-ink">
              {current ? t("navigation.itemSettings", { title: titleOf(current) }) : t("navigation.noSelection")}
            </h2>
            {current ? (
              <BlockPropsForm
                key={current.id}
                schema={ZNavigationItemSettings}
                value={settingsOf(current)}
                languages={languages}
                serverIssues={itemError?.itemId === current.id ? itemError.issues : undefined}
                customEditors={navigationEditors}
                onChange={(next) => update(items.map((i) => (i.id === current.id ? ({ ...(next as object), id: i.id, parentId: i.parentId } as NavItem) : i)))}
              />
            ) : null}
          </section>
        </div>
        {state.kind === "failed" && !itemError ? <Alert tone="danger" title={t("course.failed", { reason: state.reason })} /> : null}
        <div className="flex flex-wrap items-center gap-4 border-t border-line pt-4">
          <Button onClick={save} disabled={state.kind === "saving"} data-testid="nav-save">
            {t("course.save")}
          </Button>
          <SaveStatus state={state} dirty={dirty} testId="nav-save-state" />
        </div>
      </Container>
    </>
  );
}
