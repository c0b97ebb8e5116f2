import { useCallback, useEffect, useState } from "react";
import { when } from "./when";
import type { z } from "zod";
import type { TPageRef, ZPageVersion } from "../../../../domain/studio-pages";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { loadKeyNamespace } from "../../../i18n/key-namespace";
import { useTranslation } from "../../../i18n/use-translation";
import { listVersions, restoreVersion } from "../page-calls";

type TVersion = z.infer<typeof ZPageVersion>;
type State = { kind: "loading" } | { kind: "ready"; versions: TVersion[] } | { kind: "failed"; message: string };

/** The page's published versions, newest first; restoring one publishes it again as a new version. */
export function HistoryPanel({ target, onRestored }: { target: TPageRef; onRestored: (version: number) => void }) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const [state, setState] = useState<State>({ kind: "loading" });
  const [busy, setBusy] = useState<number | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const load = useCallback(async () => {
    const res = await listVersions(target);
    if (res.ok) return setState({ kind: "ready", versions: res.data.versions });
    await loadKeyNamespace(i18n, res.error.key);
    setState({ kind: "failed", message: tAny(res.error.key) });
  }, [target, i18n, tAny]);

  useEffect(() => {
    void load();
  }, [load]);

  const restore = async (version: number) => {
    setBusy(version);
    const res = await restoreVersion(target, version);
    setBusy(null);
    if (res.ok) {
      setNote(t("history.restored", { version, newVersion: res.data.version }));
      onRestored(res.data.version);
      await load();
      return;
    }
    await loadKeyNamespace(i18n, res.error.key);
    setNote(t("history.failed", { reason: tAny(res.error.key) }));
  };

  return (
    <section aria-labelledby="designer-history-title" className="flex flex-col gap-3" data-testid="designer-history">
      <h2 id="designer-history-title" className="font-title text-lg font-bold text-ink">
        {t("history.title")}
      </h2>
      <p role="status" className="text-sm text-ink">
        {note}
      </p>
      {state.kind === "loading" ? (
        <Spinner label={t("history.loading")} />
      ) : state.kind === "failed" ? (
        <Alert tone="danger" title={state.message} />
      ) : state.versions.length === 0 ? (
        <p className="text-muted">{t("history.empty")}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {state.versions.map((v) => (
            <li
              key={v.version}
              className="flex flex-wrap items-center justify-between gap-2 rounded-component border border-line bg-surface p-3"
              data-testid="history-version"
              data-version={v.version}
            >
              <span className="flex flex-col">
                <span className="font-semibold text-ink">{t("history.version", { version: v.version })}</span>
                <span className="text-sm text-muted">
                  {v.publishedBy
                    ? t("history.byAt", { name: v.publishedBy.name, time: when(v.publishedAt, i18n.language) })
                    : when(v.publishedAt, i18n.language)}
                </span>
              </span>
              <Button variant="outline" size="sm" disabled={busy !== null} onClick={() => void restore(v.version)} data-testid="history-restore">
                {busy === v.version ? t("history.restoring") : t("history.restore", { version: v.version })}
              </Button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
