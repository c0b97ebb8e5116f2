import { useState } from "react";
import type { TTestStatistics } from "../../../../domain/assessment/authoring";
import { Button } from "../../../components/ui/button";
import { loadKeyNamespace } from "../../../i18n/key-namespace";
import { useTranslation } from "../../../i18n/use-translation";
import { getTestStatistics } from "../studio-calls";

type Stats = { kind: "closed" } | { kind: "loading" } | { kind: "failed"; reason: string } | { kind: "shown"; data: TTestStatistics };

/**
 * The per-question statistics of the stored test (answers, right ones, average time, how often each
 * variant was chosen), fetched when opened: they count answers, so they are read only on demand.
 */
export function TestStatistics({ elementId, lang }: { elementId: string; lang: string }) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const [stats, setStats] = useState<Stats>({ kind: "closed" });
  const panelId = `test-statistics-${elementId}`;
  const open = stats.kind !== "closed";

  const toggle = async () => {
    if (open) return setStats({ kind: "closed" });
    setStats({ kind: "loading" });
    const res = await getTestStatistics(elementId, lang);
    if (res.ok) return setStats({ kind: "shown", data: res.data });
    await loadKeyNamespace(i18n, res.error.key);
    setStats({ kind: "failed", reason: tAny(res.error.key) });
  };

  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => void toggle()}
        data-testid="test-statistics"
      >
        {t("questions.statistics")}
      </Button>
      {open ? (
        <div id={panelId} className="overflow-x-auto" data-testid="test-statistics-panel">
          {stats.kind === "loading" ? <p role="status">{t("questions.statsLoading")}</p> : null}
          {stats.kind === "failed" ? <p className="font-medium text-danger">{t("questions.statsFailed", { reason: stats.reason })}</p> : null}
          {stats.kind === "shown" ? (
            <table className="w-full text-start text-sm">
              <caption className="mb-2 text-start text-muted">{t("questions.statsAttempts", { count: stats.data.attempts })}</caption>
              <thead>
                <tr className="border-b border-line">
                  <th scope="col" className="p-2 text-start">
                    {t("questions.statsQuestion")}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t("questions.statsAnswered")}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t("questions.statsCorrect")}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t("questions.statsAverage")}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t("questions.statsChosen")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {stats.data.questions.map((q) => (
                  <tr key={q.id} className="border-b border-line align-top" data-question-id={q.id}>
                    <th scope="row" className="p-2 text-start font-medium">
                      {q.text || q.id}
                    </th>
                    <td className="p-2 text-end tabular-nums">{q.answered}</td>
                    <td className="p-2 text-end tabular-nums">{q.correct}</td>
                    <td className="p-2 text-end tabular-nums">
                      {q.averageMs === null ? "—" : t("questions.statsSeconds", { seconds: Math.round(q.averageMs / 1000) })}
                    </td>
                    <td className="p-2">{q.variants.map((v) => t("questions.statsVariant", { text: v.text || v.id, count: v.chosen })).join(" · ")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
