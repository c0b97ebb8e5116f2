import { useId, useState } from "react";
import type { TReviewItem } from "../../../domain/assessment/public";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { TextArea } from "../../components/ui/text-area";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { MentorPageHeader } from "./mentor-page-header";

/**
 * /{lang}/mentor/reviews/ (issue 13): the free-text answers of mentor-verified tests waiting for a
 * mentor. Each is marked passed or not with a comment; the server grades the attempt when its last
 * answer is reviewed and notifies the learner.
 */
export function ReviewsPage({ items }: { items: TReviewItem[] }) {
  const { t } = useTranslation("mentor");
  const [done, setDone] = useState<string[]>([]);
  const open = items.filter((i) => !done.includes(`${i.attemptId}/${i.questionId}`));
  return (
    <div className="flex flex-col gap-6" data-testid="mentor-reviews">
      <MentorPageHeader icon="check" title={t("reviews.title")} />
      <p className="text-muted">{t("reviews.intro")}</p>
      {done.length > 0 ? <Alert tone="success" title={t("reviews.saved")} /> : null}
      {open.length === 0 ? (
        <p className="text-ink" data-testid="reviews-empty">
          {t("reviews.empty")}
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {open.map((item) => (
            <li key={`${item.attemptId}/${item.questionId}`}>
              <ReviewCard item={item} onDone={() => setDone((d) => [...d, `${item.attemptId}/${item.questionId}`])} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ReviewCard({ item, onDone }: { item: TReviewItem; onDone: () => void }) {
  const { t } = useTranslation("mentor");
  const { t: tAny, i18n } = useTranslation();
  const id = useId();
  const [passed, setPassed] = useState<boolean | null>(null);
  const [comment, setComment] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (passed === null || !comment.trim()) return;
    setBusy(true);
    setError(null);
    const res = await (await import("./review-calls")).reviewAnswer(item.attemptId, item.questionId, { passed, comment });
    setBusy(false);
    if (!res.ok) {
      await loadKeyNamespace(i18n, res.error.key);
      setError(res.error.key);
      return;
    }
    onDone();
  };
  return (
    <article
      aria-labelledby={`${id}-t`}
      className="flex flex-col gap-3 rounded-component border border-line bg-surface p-5"
      data-testid="review-item"
      data-attempt={item.attemptId}
      data-question={item.questionId}
    >
      <h2 id={`${id}-t`} className="font-title text-lg font-bold text-ink">
        {item.testTitle}
      </h2>
      <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold text-muted">{t("reviews.learner")}</dt>
        <dd className="text-ink">{item.learner.name}</dd>
        <dt className="font-semibold text-muted">{t("reviews.question")}</dt>
        <dd className="text-ink">{item.question}</dd>
        <dt className="font-semibold text-muted">{t("reviews.answer")}</dt>
        <dd className="whitespace-pre-wrap text-ink" data-testid="review-answer">
          {item.answer}
        </dd>
      </dl>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-semibold text-ink">{t("reviews.verdict")}</legend>
          {[true, false].map((v) => (
            <label key={String(v)} className="inline-flex cursor-pointer items-center gap-2">
              <input type="radio" name={`${id}-verdict`} checked={passed === v} onChange={() => setPassed(v)} className="size-4 accent-primary" required />
              {v ? t("reviews.passed") : t("reviews.notPassed")}
            </label>
          ))}
        </fieldset>
        <TextArea
          label={t("reviews.comment")}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={1500}
          rows={3}
          required
          data-testid="review-comment"
        />
        {error ? <Alert tone="danger" title={tAny(error)} /> : null}
        <div>
          <Button type="submit" disabled={busy || passed === null || !comment.trim()} data-testid="review-submit">
            {t("reviews.submit")}
          </Button>
        </div>
      </form>
    </article>
  );
}
