import { useState } from "react";
import { useNavigate } from "react-router";
import type { TDashboard, TStuckLearner } from "../../../../domain/dashboard";
import { dateTimeFormat } from "../../../../domain/intl";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/use-translation";
import { useLang } from "../../../root-data";
import { handToMentor, openLearnerChat } from "./dashboard-calls";

/**
 * "Who needs help now", first on the dashboard: each learner, why, since when, and the two actions —
 * write to them (their chat in the mentors' inbox, made when missing) or hand them to a mentor.
 */
export function StuckList({ stuck, mentors, stuckDays }: { stuck: TStuckLearner[]; mentors: TDashboard["mentors"]; stuckDays: number }) {
  const { t } = useTranslation("backoffice");
  const { t: tAny } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const when = (iso: string) => dateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

  const write = async (row: TStuckLearner) => {
    setBusy(row.userId);
    const res = await openLearnerChat(row.userId, lang);
    setBusy(null);
    if (res.ok) await navigate(res.data.path);
    else setMessage({ tone: "danger", text: tAny(res.error.key) });
  };
  const hand = async (row: TStuckLearner, key: string) => {
    const mentorId = picked[key];
    if (!mentorId) return;
    setBusy(row.userId);
    const res = await handToMentor(row.userId, mentorId, lang);
    setBusy(null);
    const mentor = mentors.find((m) => m.id === mentorId)?.name ?? "";
    setMessage(res.ok ? { tone: "success", text: t("dashboard.stuck.handed", { name: row.name, mentor }) } : { tone: "danger", text: tAny(res.error.key) });
  };

  return (
    <section aria-labelledby="stuck-title" className="flex flex-col gap-3" data-testid="stuck-list">
      <h2 id="stuck-title" className="font-title text-2xl font-bold text-ink">
        {t("dashboard.stuck.title")}
      </h2>
      <p className="text-muted">{t("dashboard.stuck.intro", { days: stuckDays })}</p>
      <div role="status">{message ? <Alert tone={message.tone} title={message.text} /> : null}</div>
      {stuck.length === 0 ? (
        <p className="text-ink">{t("dashboard.stuck.none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-start">
            <caption className="sr-only">{t("dashboard.stuck.title")}</caption>
            <thead>
              <tr className="text-sm text-muted">
                <th scope="col" className="border-b border-line p-2 text-start">
                  {t("dashboard.stuck.who")}
                </th>
                <th scope="col" className="border-b border-line p-2 text-start">
                  {t("dashboard.stuck.why")}
                </th>
                <th scope="col" className="border-b border-line p-2 text-start">
                  {t("dashboard.stuck.since")}
                </th>
                <th scope="col" className="border-b border-line p-2 text-start">
                  {t("dashboard.stuck.actions")}
                </th>
              </tr>
            </thead>
            <tbody>
              {stuck.map((row, k) => {
                const key = `${row.reason}-${row.userId}-${k}`;
                const selectId = `hand-${k}`;
                return (
                  <tr key={key} data-testid="stuck-row" data-reason={row.reason}>
                    <th scope="row" className="border-b border-line p-2 text-start font-medium text-ink">
                      <span className="block">{row.name}</span>
                      {row.email ? <span className="block text-sm font-normal text-muted">{row.email}</span> : null}
                    </th>
                    <td className="border-b border-line p-2 text-ink">
                      <span className="block">{t(`dashboard.reason.${row.reason}`)}</span>
                      {row.about ? <span className="block text-sm text-muted">{row.about}</span> : null}
                    </td>
                    <td className="border-b border-line p-2 text-ink">
                      <time dateTime={row.since}>{when(row.since)}</time>
                    </td>
                    <td className="border-b border-line p-2">
                      <div className="flex flex-wrap items-center gap-2">
                        <Button size="sm" variant="outline" disabled={busy === row.userId} onClick={() => void write(row)} data-testid="stuck-write">
                          {t("dashboard.stuck.write")}
                          <span className="sr-only">: {row.name}</span>
                        </Button>
                        {mentors.length > 0 ? (
                          <>
                            <label htmlFor={selectId} className="sr-only">
                              {t("dashboard.stuck.mentorFor", { name: row.name })}
                            </label>
                            <select
                              id={selectId}
                              className="h-9 rounded-component border border-line bg-surface ps-2 pe-8 text-sm text-ink"
                              value={picked[key] ?? ""}
                              onChange={(e) => setPicked({ ...picked, [key]: e.target.value })}
                            >
                              <option value="">{t("dashboard.stuck.chooseMentor")}</option>
                              {mentors.map((m) => (
                                <option key={m.id} value={m.id}>
                                  {m.name}
                                </option>
                              ))}
                            </select>
                            <Button
                              size="sm"
                              variant="flat"
                              disabled={!picked[key] || busy === row.userId}
                              onClick={() => void hand(row, key)}
                              data-testid="stuck-hand"
                            >
                              {t("dashboard.stuck.hand")}
                              <span className="sr-only">: {row.name}</span>
                            </Button>
                          </>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
