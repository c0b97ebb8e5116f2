import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { Link } from "react-router";
import type { TPageDocument, TPageRef, TStudioPage } from "../../../../domain/studio-pages";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Icon } from "../../../components/ui/icon";
import { Spinner } from "../../../components/ui/spinner";
import { tabPanelProps, Tabs } from "../../../components/ui/tabs";
import { loadKeyNamespace } from "../../../i18n/key-namespace";
import { useTranslation } from "../../../i18n/use-translation";
import { useLang } from "../../../root-data";
import { getPage, publishPage, saveDraft, saveOutcome } from "../page-calls";
import { StudioHeader } from "../studio-header";
import { AUTOSAVE_DELAY_MS, autosave, mayPublish, startAutosave } from "./autosave";
import { BlockList } from "./block-list";
import { BlockPropsColumns } from "./block-props-columns";
import { CatalogueDialog } from "./catalogue-dialog";
import { DesignerPreview } from "./designer-preview";
import { type DocumentEdit, editDocument, newBlockId } from "./document-edits";
import { canRedo, canUndo, type History, historyKey, inOwnHistory, record, redo, startHistory, undo } from "./history";
import { HistoryPanel } from "./history-panel";
import { PageActions } from "./page-actions";
import { PageSettingsPanel } from "./page-settings-panel";
import { SaveStatus } from "./save-status";
import { type BlockIssues, blockIssues } from "./server-issues";

interface PageDesignerProps {
  /** The page or template designed (a template's address ends in ?kind=template). */
  target: TPageRef;
  languages: string[];
  primaryLang: string;
}

type LoadState = { kind: "loading" } | { kind: "ready"; page: TStudioPage; loadedAt: number } | { kind: "failed"; message: string; notFound: boolean };

/** /{lang}/studio/pages/{alias} (issue 15): loads the page's document through the studio pages API, then designs it. */
export function PageDesigner({ target, languages, primaryLang }: PageDesignerProps) {
  const { kind, alias } = target;
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const lang = useLang();
  const [state, setState] = useState<LoadState>({ kind: "loading" });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      const res = await getPage({ kind, alias }, signal);
      if (signal?.aborted) return;
      if (res.ok) return setState({ kind: "ready", page: res.data, loadedAt: Date.now() });
      await loadKeyNamespace(i18n, res.error.key);
      setState({ kind: "failed", message: tAny(res.error.key), notFound: res.error.status === 404 });
    },
    [kind, alias, i18n, tAny],
  );

  useEffect(() => {
    const abort = new AbortController();
    void load(abort.signal);
    return () => abort.abort();
  }, [load]);

  return (
    <>
      <StudioHeader />
      <div className="mx-auto flex w-full max-w-[1800px] flex-col gap-4 px-4 py-6" data-testid="page-designer" data-alias={alias} data-kind={kind}>
        <Link to={`/${lang}/studio/pages`} className="inline-flex items-center gap-2 self-start font-medium text-primary-strong hover:underline">
          <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
          {t("designer.back")}
        </Link>
        {state.kind === "loading" ? (
          <Spinner label={t("designer.loading")} className="size-8" />
        ) : state.kind === "failed" ? (
          <Alert tone="danger" title={state.notFound ? t("designer.notFound", { alias }) : t("designer.loadFailed", { reason: state.message })} />
        ) : (
          // A reloaded document starts over: its own history and autosave.
          <Designer key={state.loadedAt} target={target} page={state.page} languages={languages} primaryLang={primaryLang} reload={() => void load()} />
        )}
      </div>
    </>
  );
}

const PANELS = ["block", "settings", "history"] as const;
type Panel = (typeof PANELS)[number];

interface DesignerProps extends PageDesignerProps {
  page: TStudioPage;
  reload: () => void;
}

function Designer({ target, page, languages, primaryLang, reload }: DesignerProps) {
  const { alias } = target;
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const [history, setHistory] = useState<History<TPageDocument>>(() => startHistory(page.document));
  const [save, dispatch] = useReducer(autosave, startAutosave(page.revision, page.draftSavedAt));
  const [selectedId, setSelectedId] = useState<string | null>(page.document.blocks[0]?.id ?? null);
  const [secondLang, setSecondLang] = useState(languages.find((l) => l !== primaryLang) ?? primaryLang);
  const [panel, setPanel] = useState<Panel>("block");
  const [catalogueOpen, setCatalogueOpen] = useState(false);
  const [issues, setIssues] = useState<BlockIssues>({});
  const [publishNote, setPublishNote] = useState<{ tone: "success" | "warning" | "danger"; text: string } | null>(null);
  const [publishing, setPublishing] = useState(false);
  const doc = history.present;
  const docRef = useRef(doc);
  docRef.current = doc;

  const apply = (edit: DocumentEdit, key?: string) => {
    const next = editDocument(doc, edit);
    if (next === doc) return;
    setHistory(record(history, next, key, Date.now()));
    dispatch({ type: "edit" });
  };
  const step = useCallback((command: "undo" | "redo") => {
    setHistory((h) => {
      const next = command === "undo" ? undo(h) : redo(h);
      if (next !== h) dispatch({ type: "edit" });
      return next;
    });
  }, []);

  // Ctrl/Cmd+Z, Ctrl+Shift+Z and Ctrl+Y over the document. With the caret in the rich text they are
  // TipTap's own, even when its history is empty (then nothing happens): reaching back past the text to
  // undo an unrelated block move from inside an editor would surprise, and the browser's native undo
  // would edit the editor's DOM behind ProseMirror's back.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const command = historyKey(e);
      if (!command) return;
      if (inOwnHistory(e.target)) return e.preventDefault();
      if (e.defaultPrevented) return;
      e.preventDefault();
      step(command);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [step]);

  // Autosave: a second after the last edit, the draft is saved from the revision it started from.
  useEffect(() => {
    if (save.status !== "dirty") return;
    const timer = window.setTimeout(async () => {
      dispatch({ type: "saveStart" });
      const outcome = saveOutcome(await saveDraft(target, save.revision, docRef.current));
      if (outcome.kind === "saved") {
        setIssues({});
        dispatch({ type: "saveOk", revision: outcome.revision, savedAt: outcome.savedAt });
      } else if (outcome.kind === "conflict") {
        dispatch({ type: "conflict", conflict: outcome });
      } else {
        await loadKeyNamespace(i18n, outcome.errorKey);
        setIssues(blockIssues(outcome.validationErrors ?? [], docRef.current));
        dispatch({ type: "saveFailed", errorKey: outcome.errorKey });
      }
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [target, i18n, save.status, save.generation, save.revision]);

  // Leaving with unsaved edits asks first.
  useEffect(() => {
    if (save.status === "saved") return;
    const onLeave = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", onLeave);
    return () => window.removeEventListener("beforeunload", onLeave);
  }, [save.status]);

  const publish = async () => {
    setPublishing(true);
    setPublishNote(null);
    const res = await publishPage(target, save.revision);
    setPublishing(false);
    if (res.ok) {
      // A plain page published with its switch off is live as a version but answers 404: say so.
      const hidden = page.type === "page" && page.model === null && !docRef.current.published;
      const version = res.data.version;
      return setPublishNote(
        hidden ? { tone: "warning", text: t("designer.publishedHidden", { version }) } : { tone: "success", text: t("designer.published", { version }) },
      );
    }
    await loadKeyNamespace(i18n, res.error.key);
    setPublishNote({ tone: "danger", text: t("designer.publishFailed", { reason: tAny(res.error.key) }) });
  };

  const addFromCatalogue = (entryKey: string) => {
    const id = newBlockId(doc);
    const at = selectedId ? doc.blocks.findIndex((b) => b.id === selectedId) + 1 : doc.blocks.length;
    // The sample in the primary language only: the other languages are marked missing (readers get the
    // primary's text) until someone translates them, instead of carrying English samples unnoticed.
    apply({ type: "add", entryKey, id, languages: [primaryLang], index: at });
    setSelectedId(id);
    setPanel("block");
    setCatalogueOpen(false);
  };

  const selected = doc.blocks.find((b) => b.id === selectedId) ?? null;
  const title = doc.meta[i18n.language]?.title ?? doc.meta[primaryLang]?.title ?? alias;

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="font-title text-2xl font-bold text-ink" data-testid="designer-title" dir="auto">
            {title}
          </h1>
          <SaveStatus state={save} onRetry={() => dispatch({ type: "retry" })} onReload={reload} onKeepMine={() => dispatch({ type: "keepMine" })} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={!canUndo(history)}
            onClick={() => step("undo")}
            aria-keyshortcuts="Control+Z Meta+Z"
            data-testid="designer-undo"
          >
            {t("designer.undo")}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!canRedo(history)}
            onClick={() => step("redo")}
            aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z"
            data-testid="designer-redo"
          >
            {t("designer.redo")}
          </Button>
          {page.type === "system" ? null : <PageActions target={target} unsaved={save.status !== "saved"} />}
          <Button disabled={!mayPublish(save) || publishing} onClick={() => void publish()} data-testid="designer-publish">
            {publishing ? t("designer.publishing") : t("designer.publish")}
          </Button>
        </div>
      </div>
      {publishNote ? <Alert tone={publishNote.tone} title={publishNote.text} /> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(16rem,20rem)_minmax(0,1fr)] 2xl:grid-cols-[minmax(16rem,20rem)_minmax(0,1fr)_minmax(0,1fr)]">
        <BlockList
          blocks={doc.blocks}
          selectedId={selectedId}
          languages={languages}
          primaryLang={primaryLang}
          onSelect={(id) => {
            setSelectedId(id);
            setPanel("block");
          }}
          onMove={(from, to) => apply({ type: "move", from, to })}
          onDuplicate={(id) => {
            const newId = newBlockId(doc);
            apply({ type: "duplicate", blockId: id, newId });
            setSelectedId(newId);
          }}
          onRemove={(id) => {
            apply({ type: "remove", blockId: id });
            if (id === selectedId) setSelectedId(null);
          }}
          onAdd={() => setCatalogueOpen(true)}
        />
        <div className="flex min-w-0 flex-col gap-4">
          <Tabs
            id="designer"
            label={t("designer.panels")}
            items={PANELS.map((p) => ({ key: p, label: t(`designer.tabs.${p}`), attrs: { "data-testid": `designer-tab-${p}` } }))}
            selected={panel}
            onSelect={setPanel}
          />
          <div {...tabPanelProps("designer", panel)}>
            {panel === "settings" ? (
              <PageSettingsPanel
                type={page.type}
                bound={page.model !== null}
                document={doc}
                languages={languages}
                primaryLang={primaryLang}
                onMeta={(lang, meta) => apply({ type: "setMeta", lang, meta }, `meta:${lang}`)}
                onSettings={(settings) => apply({ type: "setSettings", settings }, `settings:${Object.keys(settings).join()}`)}
              />
            ) : panel === "history" ? (
              <HistoryPanel target={target} onRestored={() => undefined} />
            ) : selected ? (
              <BlockPropsColumns
                block={selected}
                languages={languages}
                primaryLang={primaryLang}
                secondLang={secondLang}
                onSecondLang={setSecondLang}
                onChange={(lang, props) => apply({ type: "setProps", blockId: selected.id, lang, props }, `props:${selected.id}:${lang}`)}
                onCopyFromPrimary={(lang) => apply({ type: "copyFromPrimary", blockId: selected.id, lang, primaryLang })}
                serverIssues={issues[selected.id]}
              />
            ) : (
              <p className="text-muted">{t("designer.chooseBlock")}</p>
            )}
          </div>
        </div>
        <div className="min-w-0 lg:col-span-2 2xl:col-span-1">
          <DesignerPreview target={target} document={doc} languages={languages} />
        </div>
      </div>
      <CatalogueDialog open={catalogueOpen} onOpenChange={setCatalogueOpen} onChoose={addFromCatalogue} />
    </>
  );
}
