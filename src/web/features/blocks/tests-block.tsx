import { useId, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { quizAnswer } from "../../../domain/blocks/quiz-answer";
import type { TQuizAggregate, TQuizResultReply } from "../../../domain/results";
import { numberFormat } from "../../../domain/intl";
import { Button } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { Icon } from "../../components/ui/icon";
import { useLang } from "../../root-data";
import { guestSessionId, randomKey } from "../results/guest-session";
import { useQuizAggregate } from "../results/use-quiz-aggregate";
import { BlockTitle } from "./block-title";
import type { BlockOf, BlockPlace } from "./types";

export interface TestsBlockProps {
  block: BlockOf<"tests">;
  /** The course element the quiz is on, if any: it then also reports an interaction result. */
  place?: BlockPlace;
}

type Status = { kind: "idle" } | { kind: "sending" } | { kind: "failed" } | { kind: "graded"; result: TQuizResultReply };

/**
 * A short quiz: one question, single or multiple choice, graded on the server (issue 13): the page
 * does not know the correct answers; "Check" sends a quiz result and the reply says whether it was
 * right, which variants are (in words, not only colour) and why. Then the block shows how everyone
 * answered, live. On a course element it also reports an interaction result (queued, retried).
 */
export function TestsBlock({ block, place }: TestsBlockProps) {
  const { t } = useTranslation("blocks");
  const lang = useLang();
  const { title, question, variants, dialogId } = block.props;
  const multiple = block.props.multiple === true;
  const [selected, setSelected] = useState<string[]>([]);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [needsAnswer, setNeedsAnswer] = useState(false);
  const hintId = useId();
  const graded = status.kind === "graded" ? status.result : null;
  const aggregate = useQuizAggregate(dialogId, block.id, graded !== null);

  const toggle = (id: string, on: boolean) => {
    setNeedsAnswer(false);
    setSelected((prev) => (multiple ? (on ? [...prev, id] : prev.filter((x) => x !== id)) : [id]));
  };

  const check = async (e: React.FormEvent) => {
    e.preventDefault();
    if (status.kind === "sending") return;
    const answer = quizAnswer(block.props, selected);
    // Seed 5: nothing is sent without an answer.
    if (!answer) return setNeedsAnswer(true);
    if (!dialogId) return setStatus({ kind: "failed" });
    setStatus({ kind: "sending" });
    const { sendQuizResult } = await import("../results/results-calls");
    const res = await sendQuizResult({
      key: randomKey(),
      dialogId,
      msgId: block.id,
      ...answer,
      sessionId: guestSessionId(),
      lang,
      ...(place ? { elementId: place.elementId } : {}),
    });
    if (!res.ok) {
      // Seed 8: a quiz send error is logged; the learner may try again.
      console.error("Quiz result was not sent", res.error);
      return setStatus({ kind: "failed" });
    }
    setStatus({ kind: "graded", result: res.data });
    if (place) {
      const { sendInteraction } = await import("../results/interaction-sender");
      sendInteraction({
        type: "quiz",
        componentId: block.id,
        componentName: "tests",
        ...answer,
        passed: res.data.passed ?? true,
        courseId: place.courseId,
        elementId: place.elementId,
        dialogId,
      });
    }
  };

  const reset = () => {
    setSelected([]);
    setStatus({ kind: "idle" });
  };

  const correct = graded?.correct ?? [];
  const correctTexts = variants.filter((v) => correct.includes(v.id)).map((v) => v.text);
  const locked = graded !== null || status.kind === "sending";

  return (
    <form onSubmit={check} noValidate className="mx-auto max-w-3xl rounded-component border border-line bg-surface p-6 shadow-sm sm:p-8" data-testid="quiz">
      {title ? <BlockTitle>{title}</BlockTitle> : null}
      <fieldset disabled={locked} aria-describedby={hintId}>
        <legend className="text-lg font-semibold text-ink">{question}</legend>
        <p id={hintId} className="mt-1 text-sm text-muted">
          {multiple ? t("quiz.chooseMany") : t("quiz.chooseOne")}
        </p>
        <div className="mt-4 flex flex-col gap-2">
          {variants.map((v) => {
            const isSelected = selected.includes(v.id);
            const isCorrect = correct.includes(v.id);
            const checked = graded !== null && graded.passed !== null;
            return (
              <label
                key={v.id}
                className={cn(
                  "flex cursor-pointer items-center gap-3 rounded-xl border-2 p-3 text-ink transition",
                  !checked && (isSelected ? "border-primary bg-primary-soft" : "border-line hover:border-primary/60"),
                  checked && isCorrect && "border-success bg-success/10",
                  checked && !isCorrect && isSelected && "border-danger bg-danger/10",
                  checked && !isCorrect && !isSelected && "border-line",
                )}
              >
                <input
                  type={multiple ? "checkbox" : "radio"}
                  name={`${block.id}-answer`}
                  value={v.id}
                  checked={isSelected}
                  onChange={(e) => toggle(v.id, e.target.checked)}
                  className="size-5 shrink-0 accent-primary"
                />
                <span className="flex-1">{v.text}</span>
                {checked && isCorrect ? (
                  <span className="inline-flex items-center gap-1 text-sm font-semibold text-success">
                    <Icon name="check" className="size-4" />
                    {t("quiz.correctMark")}
                  </span>
                ) : null}
              </label>
            );
          })}
        </div>
      </fieldset>
      <div role="status" aria-live="polite" className="mt-4" data-testid="quiz-result">
        {needsAnswer ? <p className="font-medium text-danger">{t("quiz.needsAnswer")}</p> : null}
        {status.kind === "sending" ? <p className="text-muted">{t("quiz.sending")}</p> : null}
        {status.kind === "failed" ? <p className="font-medium text-danger">{t("quiz.sendFailed")}</p> : null}
        {graded ? <Verdict result={graded} correctTexts={correctTexts} /> : null}
      </div>
      {graded && aggregate ? <Shares aggregate={aggregate} variants={variants} mine={selected} /> : null}
      <div className="mt-5">
        {graded ? (
          <Button variant="outline" onClick={reset}>
            {t("quiz.retry")}
          </Button>
        ) : (
          <Button type="submit" disabled={status.kind === "sending"}>
            {t("quiz.check")}
          </Button>
        )}
      </div>
    </form>
  );
}

function Verdict({ result, correctTexts }: { result: TQuizResultReply; correctTexts: string[] }) {
  const { t } = useTranslation("blocks");
  const { passed, explanation } = result;
  const tone = passed === false ? "danger" : "success";
  return (
    <div className={cn("rounded-xl p-4", tone === "danger" ? "bg-danger/10" : "bg-success/10")}>
      <p className={cn("font-semibold", tone === "danger" ? "text-danger" : "text-success")}>
        {passed === null ? t("quiz.pollThanks") : passed ? t("quiz.passed") : t("quiz.failed")}
      </p>
      {passed === false && correctTexts.length > 0 ? (
        <p className="mt-1 text-ink">{t("quiz.correctAnswer", { count: correctTexts.length, answers: correctTexts.join(", ") })}</p>
      ) : null}
      {explanation ? <p className="mt-2 text-ink">{explanation}</p> : null}
    </div>
  );
}

/** Per-variant share bars; the numbers are text, the bars only draw them. */
function Shares({ aggregate, variants, mine }: { aggregate: TQuizAggregate; variants: { id: string; text: string }[]; mine: string[] }) {
  const { t } = useTranslation("blocks");
  const lang = useLang();
  const headingId = useId();
  const percent = numberFormat(lang, { style: "percent", maximumFractionDigits: 0 });
  return (
    <section aria-labelledby={headingId} className="mt-5" data-testid="quiz-shares" data-total={aggregate.total}>
      <h3 id={headingId} className="font-semibold text-ink">
        {t("quiz.sharesTitle")}
      </h3>
      <p className="text-sm text-muted">{t("quiz.sharesTotal", { count: aggregate.total })}</p>
      <ul className="mt-3 flex flex-col gap-3">
        {variants.map((v) => {
          const share = aggregate.variants.find((s) => s.id === v.id) ?? { count: 0, share: 0 };
          return (
            <li key={v.id} data-variant={v.id} data-count={share.count}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="text-ink">
                  {v.text}
                  {mine.includes(v.id) ? <span className="text-muted"> ({t("quiz.yourAnswer")})</span> : null}
                </span>
                <span className="font-medium text-ink tabular-nums">{t("quiz.share", { count: share.count, percent: percent.format(share.share) })}</span>
              </div>
              <div className="mt-1 h-2 overflow-hidden rounded-full bg-line" aria-hidden="true">
                <div className="h-full rounded-full bg-primary" style={{ inlineSize: `${Math.round(share.share * 100)}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
