import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { TFailedLetter } from "../../../../domain/letter-admin";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { loadKeyNamespace } from "../../../i18n/key-namespace";
import { useTranslation } from "../../../i18n/use-translation";
import { useLang } from "../../../root-data";
import { BackOfficeScreen, BackOfficeSection } from "../backoffice-screen";
import { formatWhen } from "../orders/money-format";
import { retryLetter } from "./letters-calls";

type Notice = { tone: "success" | "danger"; text: string } | null;

/**
 * /{lang}/studio/letters (issue 29 §6, docs/decisions/0073): the letters over SMTP that used up their
 * tries, newest failure first and paged by the address (`after`), with the portal's counts; each can be
 * queued once more. The answer to a retry is announced above the list.
 */
export function FailedLetters({ letters, next, counts }: { letters: TFailedLetter[]; next: string | null; counts: { waiting: number; failed: number } }) {
  const { t, i18n } = useTranslation("backoffice");
  const { t: tAny } = useTranslation();
  const lang = useLang();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const retry = async (letter: TFailedLetter) => {
    if (busy) return;
    setBusy(letter.id);
    setNotice(null);
    const res = await retryLetter(letter.id);
    setBusy(null);
    if (!res.ok) {
      await loadKeyNamespace(i18n, res.error.key);
      setNotice({ tone: "danger", text: tAny(res.error.key) });
    } else {
      setNotice({ tone: "success", text: t("letters.retried", { to: letter.to }) });
    }
    await revalidate();
  };

  return (
    <BackOfficeScreen title={t("letters.title")} intro={t("letters.intro")}>
      <p className="text-ink" data-testid="letters-counts">
        {t("letters.counts", { waiting: String(counts.waiting), failed: String(counts.failed) })}
      </p>
      <div aria-live="polite" data-testid="letters-notice">
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      </div>
      <BackOfficeSection id="letters-list-title" title={t("letters.list")} gap="gap-3">
        {letters.length === 0 ? (
          <p className="text-muted">{t("letters.none")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-start text-sm" data-testid="letters-table">
              <thead>
                <tr className="border-b border-line text-muted">
                  {(["failedAt", "to", "subject", "queuedAt", "tries", "lastError"] as const).map((key) => (
                    <th key={key} scope="col" className={`p-2 font-medium ${key === "tries" ? "text-end" : "text-start"}`}>
                      {t(`letters.${key}`)}
                    </th>
                  ))}
                  <th scope="col" className="p-2 text-start font-medium">
                    <span className="sr-only">{t("letters.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {letters.map((l) => (
                  <tr key={l.id} className="border-b border-line" data-testid="letters-row" data-letter-id={l.id}>
                    <td className="p-2 text-ink">{l.failedAt ? formatWhen(lang, l.failedAt) : ""}</td>
                    <td className="p-2 text-ink" dir="ltr">
                      {l.to}
                    </td>
                    <td className="p-2 text-ink">{l.subject}</td>
                    <td className="p-2 text-ink">{formatWhen(lang, l.queuedAt)}</td>
                    <td className="p-2 text-end text-ink tabular-nums">{l.tries}</td>
                    <td className="p-2 text-muted" dir="ltr">
                      {l.lastError ?? ""}
                    </td>
                    <td className="p-2">
                      <Button variant="outline" disabled={busy !== null} onClick={() => void retry(l)} data-testid="letters-retry">
                        {t("letters.retry")}
                        <span className="sr-only"> {l.to}</span>
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {next ? (
          <Link to={`?after=${encodeURIComponent(next)}`} className="self-start font-medium text-primary-strong hover:underline" data-testid="letters-next">
            {t("letters.nextPage")}
          </Link>
        ) : null}
      </BackOfficeSection>
    </BackOfficeScreen>
  );
}
