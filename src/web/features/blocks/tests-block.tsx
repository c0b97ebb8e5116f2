import { useId, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { type QuizResult, quizResult } from "../../../domain/blocks/quiz";
import { Button } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { Icon } from "../../components/ui/icon";
import { BlockTitle } from "./block-title";
import type { BlockOf } from "./types";

export interface TestsBlockProps {
  block: BlockOf<"tests">;
  /** Called with the result of each check; a sender to the results service attaches here later. */
  onResult?: (result: QuizResult) => void;
}

/**
 * A short quiz: one question, single or multiple choice. "Check" shows whether the answer is right
 * and which variants are correct (in words, not only colour); "Try again" starts over.
 */
export function TestsBlock({ block, onResult }: TestsBlockProps) {
  const { t } = useTranslation("blocks");
  const { title, question, variants, correct, explanation } = block.props;
  const multiple = block.props.multiple === true;
  const [selected, setSelected] = useState<string[]>([]);
  const [passed, setPassed] = useState<boolean | null>(null);
  const [needsAnswer, setNeedsAnswer] = useState(false);
  const hintId = useId();
  const checked = passed !== null;

  const toggle = (id: string, on: boolean) => {
    setNeedsAnswer(false);
    setSelected((prev) => (multiple ? (on ? [...prev, id] : prev.filter((x) => x !== id)) : [id]));
  };

  const check = (e: React.FormEvent) => {
    e.preventDefault();
    const result = quizResult(block.id, block.props, selected);
    if (!result) return setNeedsAnswer(true);
    setPassed(result.passed);
    onResult?.(result);
  };

  const reset = () => {
    setSelected([]);
    setPassed(null);
  };

  const correctTexts = variants.filter((v) => correct.includes(v.id)).map((v) => v.text);

  return (
    <form onSubmit={check} noValidate className="mx-auto max-w-3xl rounded-component border border-line bg-surface p-6 shadow-sm sm:p-8" data-testid="quiz">
      {title ? <BlockTitle>{title}</BlockTitle> : null}
      <fieldset disabled={checked} aria-describedby={hintId}>
        <legend className="text-lg font-semibold text-ink">{question}</legend>
        <p id={hintId} className="mt-1 text-sm text-muted">
          {multiple ? t("quiz.chooseMany") : t("quiz.chooseOne")}
        </p>
        <div className="mt-4 flex flex-col gap-2">
          {variants.map((v) => {
            const isSelected = selected.includes(v.id);
            const isCorrect = correct.includes(v.id);
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
        {checked ? (
          <div className={cn("rounded-xl p-4", passed ? "bg-success/10" : "bg-danger/10")}>
            <p className={cn("font-semibold", passed ? "text-success" : "text-danger")}>{passed ? t("quiz.passed") : t("quiz.failed")}</p>
            {!passed ? <p className="mt-1 text-ink">{t("quiz.correctAnswer", { count: correctTexts.length, answers: correctTexts.join(", ") })}</p> : null}
            {explanation ? <p className="mt-2 text-ink">{explanation}</p> : null}
          </div>
        ) : null}
      </div>
      <div className="mt-5">
        {checked ? (
          <Button variant="outline" onClick={reset}>
            {t("quiz.retry")}
          </Button>
        ) : (
          <Button type="submit">{t("quiz.check")}</Button>
        )}
      </div>
    </form>
  );
}
