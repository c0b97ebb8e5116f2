import { useEffect, useRef, useState } from "react";
import { DISCUSSION_LIMITS, ZDiscussionReason } from "../../../domain/discussion";
import { Button } from "../../components/ui/button";
import { TextArea } from "../../components/ui/text-area";
import { useTranslation } from "../../i18n/use-translation";
import { ApiErrorAlert } from "../orders/api-error-alert";
import type { Outcome } from "./use-discussion-thread";

/** Reporting someone else's post to the mentors: a short reason (at most 500 characters). */
export function ReportForm({ onReport, onDone }: { onReport(reason: string): Promise<Outcome>; onDone(reported: boolean): void }) {
  const { t } = useTranslation("discussions");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Outcome | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const valid = ZDiscussionReason.safeParse(reason);
  return (
    <form
      className="flex flex-col gap-1 rounded-xl border border-line bg-surface-alt p-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid.success || busy) return;
        setBusy(true);
        void onReport(valid.data).then((res) => {
          setBusy(false);
          setResult(res);
          if (res.ok) onDone(true);
        });
      }}
      data-testid="discussion-report-form"
    >
      <TextArea
        label={t("report.reason")}
        value={reason}
        rows={2}
        dir="auto"
        maxLength={DISCUSSION_LIMITS.reasonMax}
        ref={field}
        onChange={(e) => setReason(e.target.value)}
        data-testid="discussion-report-reason"
      />
      {result && !result.ok ? <ApiErrorAlert error={result.error} /> : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={() => onDone(false)}>
          {t("composer.cancel")}
        </Button>
        <Button type="submit" size="sm" disabled={!valid.success || busy} data-testid="discussion-report-send">
          {t("report.send")}
        </Button>
      </div>
    </form>
  );
}
