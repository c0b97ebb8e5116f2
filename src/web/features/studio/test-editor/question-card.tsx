import { useEffect, useRef, useState } from "react";
import { QUESTION_KINDS, type TQuestionDef, type TQuestionKind } from "../../../../domain/assessment/definition";
import { dirOf } from "../../../../domain/locale";
import { Button } from "../../../components/ui/button";
import { Icon } from "../../../components/ui/icon";
import { SelectField } from "../../../components/ui/select-field";
import { TextArea } from "../../../components/ui/text-area";
import { TextField } from "../../../components/ui/text-field";
import { useTranslation } from "../../../i18n/use-translation";
import type { FormContext } from "../form-context";
import { setAt, type ValuePath } from "../form-value";
import { LocalizedField } from "../localized-field";
import { addVariant, type DraftIssue, markCorrect, removeVariant, withKind } from "./test-draft";

interface QuestionCardProps {
  question: TQuestionDef;
  index: number;
  count: number;
  /** The primary language and the chosen second one: texts are edited side by side in these. */
  languages: readonly string[];
  uiLang: string;
  issues: readonly DraftIssue[];
  onChange: (q: TQuestionDef) => void;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
}

/** Which message explains the issues of a part of the question (the schema's own texts are English, for logs). */
const PARTS = ["text", "variants", "correct", "accepted"] as const;

/**
 * One question of the editor: its kind, its text per language, its variants with the right ones
 * marked (a radio for single and image choice, checkboxes for multiple), or its accepted answers
 * (free text), and its explanation. Alt+↑ / Alt+↓ anywhere in it move it; deleting asks first.
 */
export function QuestionCard({ question: q, index, count, languages, uiLang, issues, onChange, onMove, onDelete }: QuestionCardProps) {
  const { t } = useTranslation("studio");
  const [confirming, setConfirming] = useState(false);
  const [open, setOpen] = useState(true);
  const keep = useRef<HTMLButtonElement>(null);
  // Asked to confirm, the safe choice takes the focus.
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);
  const number = index + 1;
  const prefix = `question-${q.id}`;
  const ctx: FormContext = {
    t,
    uiLang,
    languages,
    issues: new Map(),
    idPrefix: prefix,
    set: (path: ValuePath, next: unknown) => onChange(setAt(q, path, next) as TQuestionDef),
  };
  const partIssue = (part: (typeof PARTS)[number]) => (issues.some((i) => i.path[0] === part) ? t(`questions.issue.${part}`) : undefined);
  const otherIssue = issues.some((i) => !PARTS.includes(i.path[0] as (typeof PARTS)[number])) ? t("questions.issue.other") : undefined;
  const choice = q.kind !== "text";

  return (
    <li className="flex flex-col gap-4 rounded-component border border-line bg-surface p-4" data-testid="editor-question" data-question-id={q.id}>
      <fieldset className="flex flex-col gap-4">
        <legend className="sr-only">{t("questions.question", { number })}</legend>
        <div className="flex flex-wrap items-end gap-3">
          <h4 className="font-title text-lg font-bold text-ink">
            {/* The question's handle: opens and closes it; Alt+arrows move it (its DOM node moves with it, so it keeps the focus). */}
            <button
              type="button"
              className="inline-flex items-center gap-2 hover:underline"
              aria-expanded={open}
              aria-controls={`${prefix}-body`}
              aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
              onClick={() => setOpen((o) => !o)}
              onKeyDown={(e) => {
                if (!e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
                e.preventDefault();
                onMove(e.key === "ArrowUp" ? -1 : 1);
              }}
              data-testid="question-handle"
            >
              <Icon name={open ? "chevron-up" : "chevron-down"} className="size-4" />
              {t("questions.question", { number })}
            </button>
          </h4>
          <SelectField
            className="w-56"
            label={t("questions.kind")}
            placeholder={t("questions.kind")}
            value={q.kind}
            onChange={(e) => e.target.value && onChange(withKind(q, e.target.value as TQuestionKind))}
            options={QUESTION_KINDS.map((k) => ({ value: k, label: t(`questions.kinds.${k}`) }))}
            data-testid="question-kind"
          />
          <span className="ms-auto flex flex-wrap gap-1">
            <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => onMove(-1)} aria-label={t("questions.moveUp", { number })} data-move="up">
              <Icon name="chevron-up" className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={index === count - 1}
              onClick={() => onMove(1)}
              aria-label={t("questions.moveDown", { number })}
              data-move="down"
            >
              <Icon name="chevron-down" className="size-4" />
            </Button>
            {confirming ? null : (
              <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} data-testid="question-delete">
                {t("questions.delete", { number })}
              </Button>
            )}
          </span>
        </div>
        {confirming ? (
          <div
            role="alertdialog"
            aria-label={t("questions.confirmDelete", { number })}
            className="flex flex-wrap items-center gap-3 rounded-component bg-danger/10 p-3"
          >
            <span className="font-medium text-ink">{t("questions.confirmDelete", { number })}</span>
            <Button variant="danger" size="sm" onClick={onDelete} data-testid="question-delete-confirm">
              {t("questions.confirm")}
            </Button>
            <Button ref={keep} variant="outline" size="sm" onClick={() => setConfirming(false)}>
              {t("questions.cancel")}
            </Button>
          </div>
        ) : null}

        {open ? (
          <div id={`${prefix}-body`} className="flex flex-col gap-4">
            <LocalizedField path={["text"]} value={q.text} label={t("questions.text", { number })} ctx={ctx} />
            {partIssue("text") ? <p className="text-sm font-medium text-danger">{partIssue("text")}</p> : null}

            {choice ? (
              <fieldset className="flex flex-col gap-3" data-testid="question-variants">
                <legend className="mb-2 font-semibold text-ink">{t("questions.variants")}</legend>
                {q.variants.map((v, i) => {
                  const correct = q.correct.includes(v.id);
                  const n = i + 1;
                  return (
                    <div key={v.id} className="flex flex-col gap-2 border-s-4 border-line ps-3" data-testid="question-variant" data-variant-id={v.id}>
                      <div className="flex flex-wrap items-center gap-3">
                        <label className="flex items-center gap-2 font-medium text-ink">
                          <input
                            type={q.kind === "multiple" ? "checkbox" : "radio"}
                            name={`${prefix}-correct`}
                            checked={correct}
                            onChange={(e) => onChange(markCorrect(q, v.id, e.target.checked))}
                            className="size-4 accent-primary"
                            data-testid="variant-correct"
                          />
                          {t("questions.isCorrect", { number: n })}
                        </label>
                        <Button variant="ghost" size="sm" disabled={q.variants.length <= 2} onClick={() => onChange(removeVariant(q, v.id))}>
                          {t("questions.removeVariant", { number: n })}
                        </Button>
                      </div>
                      <LocalizedField path={["variants", i, "text"]} value={v.text} label={t("questions.variant", { number: n })} ctx={ctx} />
                      {q.kind === "image" ? (
                        <>
                          <TextField
                            label={t("questions.imageUrl", { number: n })}
                            dir="ltr"
                            value={v.image?.url ?? ""}
                            onChange={(e) => ctx.set(["variants", i, "image", "url"], e.target.value)}
                          />
                          <LocalizedField
                            path={["variants", i, "image", "alt"]}
                            value={v.image?.alt ?? {}}
                            label={t("questions.imageAlt", { number: n })}
                            ctx={ctx}
                          />
                        </>
                      ) : null}
                    </div>
                  );
                })}
                {partIssue("variants") ? <p className="text-sm font-medium text-danger">{partIssue("variants")}</p> : null}
                {partIssue("correct") ? <p className="text-sm font-medium text-danger">{partIssue("correct")}</p> : null}
                <Button variant="outline" size="sm" className="self-start" onClick={() => onChange(addVariant(q))} data-testid="variant-add">
                  {t("questions.addVariant")}
                </Button>
              </fieldset>
            ) : (
              <TextArea
                label={t("questions.accepted")}
                hint={t("questions.acceptedHint")}
                dir={dirOf(languages[0] ?? uiLang)}
                value={q.accepted.join("\n")}
                error={partIssue("accepted")}
                onChange={(e) => onChange({ ...q, accepted: e.target.value.split("\n").filter((line, i, all) => line.trim() !== "" || i === all.length - 1) })}
                data-testid="question-accepted"
              />
            )}

            <LocalizedField path={["feedback", "correct"]} value={q.feedback.correct} label={t("questions.feedbackCorrect")} ctx={ctx} />
            <LocalizedField path={["feedback", "incorrect"]} value={q.feedback.incorrect} label={t("questions.feedbackIncorrect")} ctx={ctx} />
            <LocalizedField path={["explanation"]} value={q.explanation} label={t("questions.explanation")} ctx={ctx} />
          </div>
        ) : null}
        {otherIssue || (!open && issues.length > 0) ? <p className="text-sm font-medium text-danger">{otherIssue ?? t("questions.issue.other")}</p> : null}
      </fieldset>
    </li>
  );
}
