import { useId, useState } from "react";
import { DIGEST_PERIODS, type TDigestPeriod } from "../../../domain/discussion-digest";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { useTranslation } from "../../i18n/use-translation";
import type { ApiError } from "../../lib/api";
import { useLang } from "../../root-data";
import { ApiErrorAlert } from "../orders/api-error-alert";

/**
 * The profile's "Discussion e-mails" (docs/decisions/0044): how often new posts of the followed
 * threads are mailed. A radio group (arrow keys move, as radios do) and a Save button; the saved
 * choice is announced. The letters come in the language the choice was saved in.
 */
export function DigestSetting({ period: saved }: { period: TDigestPeriod }) {
  const { t } = useTranslation("learn");
  const lang = useLang();
  const headingId = useId();
  const [kept, setKept] = useState(saved);
  const [chosen, setChosen] = useState(saved);
  const [status, setStatus] = useState<"idle" | "saving" | "saved">("idle");
  const [error, setError] = useState<ApiError | null>(null);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setStatus("saving");
    setError(null);
    const { putDigestSetting } = await import("./follow-calls");
    const res = await putDigestSetting(chosen, lang);
    if (res.ok) {
      setKept(res.data.period);
      setChosen(res.data.period);
      setStatus("saved");
    } else {
      setError(res.error);
      setStatus("idle");
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid="profile-discussion-mail">
      <h2 id={headingId} className="font-title text-2xl font-bold text-ink">
        {t("discussionMail.title")}
      </h2>
      <Card>
        <form onSubmit={(e) => void save(e)} className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm text-muted">{t("discussionMail.legend")}</legend>
            {DIGEST_PERIODS.map((p) => (
              <label
                key={p}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-line p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
              >
                <input
                  type="radio"
                  name="discussion-digest"
                  value={p}
                  checked={chosen === p}
                  onChange={() => {
                    setChosen(p);
                    setStatus("idle");
                  }}
                  className="mt-1 size-4 shrink-0 accent-[var(--color-primary)]"
                  data-testid={`discussion-digest-${p}`}
                />
                <span className="flex flex-col">
                  <span className="font-semibold text-ink">{t(`discussionMail.periods.${p}.title`)}</span>
                  <span className="text-sm text-muted">{t(`discussionMail.periods.${p}.text`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {error ? <ApiErrorAlert error={error} /> : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" size="sm" disabled={status === "saving" || chosen === kept} data-testid="discussion-digest-save">
              {status === "saving" ? <Spinner className="size-4" label={t("discussionMail.saving")} /> : null}
              {t("discussionMail.save")}
            </Button>
            <p role="status" className="text-sm text-muted" data-testid="discussion-digest-status">
              {status === "saved" ? t("discussionMail.saved") : ""}
            </p>
          </div>
        </form>
      </Card>
    </section>
  );
}
