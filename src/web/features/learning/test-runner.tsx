import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import type { TAnswerFeedback, TPublicQuestion, TTestState } from "../../../domain/assessment/public";
import type { TAwardRef } from "../../../domain/award-ref";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { TextArea } from "../../components/ui/text-area";
import { useLang } from "../../root-data";
import { useInstantFormat } from "../../lib/use-instant-format";

export interface TestRunnerProps {
  elementId: string;
  initial: TTestState;
  /** Told when the learner's pass state changes (the finish button waits for a pass). */
  onPassed: (passed: boolean) => void;
}

const AwardPopup = lazy(() => import("../rewards/award-popup"));

/** Which screen of the test shows: a question (by index), the submission step, or the state's own mode. */
type Shown = { kind: "question"; index: number } | { kind: "submit" } | { kind: "state" };

function firstShown(s: TTestState): Shown {
  if (s.mode === "question") return { kind: "question", index: s.activeStep };
  if (s.mode === "review") return { kind: "submit" };
  return { kind: "state" };
}

/**
 * The test of a test element (issue 13): one question at a time with its progress, the answer,
 * then its feedback and explanation from the server; submission, the result with score and pass
 * mark, retakes (attempts left, cool-down), and the "waiting for a mentor" state. Correct answers
 * reach the page only in the feedback of a question already answered.
 */
export function TestRunner({ elementId, initial, onPassed }: TestRunnerProps) {
  const { t } = useTranslation("learn");
  const { t: tAny, i18n } = useTranslation();
  const lang = useLang();
  const [state, setState] = useState(initial);
  const [shown, setShown] = useState<Shown>(() => firstShown(initial));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** An award this submission earned (full marks): the award-popup opens over the result. */
  const [award, setAward] = useState<TAwardRef | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    onPassed(state.passed);
  }, [state.passed, onPassed]);
  // After every step the keyboard and screen reader land on the new content's heading.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [shown, state.mode]);

  const run = async <T,>(call: () => Promise<{ ok: true; data: T } | { ok: false; error: { key: string } }>, then: (data: T) => void) => {
    setBusy(true);
    setError(null);
    const res = await call();
    setBusy(false);
    moved.current = true;
    if (!res.ok) {
      await loadKeyNamespace(i18n, res.error.key);
      setError(res.error.key);
      return;
    }
    then(res.data);
  };

  const begin = (retake: boolean) =>
    run(
      async () => {
        const calls = await import("./test-calls");
        return retake ? calls.retakeTest(elementId, lang) : calls.startTest(elementId, lang);
      },
      (s) => {
        setState(s);
        setShown(firstShown(s));
      },
    );

  const answer = (q: TPublicQuestion, body: { variants?: string[]; text?: string }) =>
    run(
      async () => (await import("./test-calls")).answerQuestion(state.session!, lang, { questionId: q.id, ...body }),
      (r) => setState(r.state),
    );

  const submit = () =>
    run(
      async () => (await import("./test-calls")).submitTest(state.session!, lang),
      (r) => {
        setState(r.state);
        setShown({ kind: "state" });
        setAward(r.awards[0] ?? null);
      },
    );

  const nextAfter = (index: number) => {
    const answered = new Set(state.answers.map((a) => a.questionId));
    const next = state.list.findIndex((q, i) => i > index && !answered.has(q.id));
    const first = state.list.findIndex((q) => !answered.has(q.id));
    moved.current = true;
    setShown(next >= 0 ? { kind: "question", index: next } : first >= 0 ? { kind: "question", index: first } : { kind: "submit" });
  };

  const errorAlert = error ? <Alert tone="danger" title={tAny(error)} /> : null;
  const headingProps = { ref: headingRef, tabIndex: -1, className: "font-title text-xl font-bold text-ink outline-none" };

  let body: React.ReactNode;
  if (state.mode === "start") {
    body = (
      <>
        <h2 {...headingProps}>{t("test.heading")}</h2>
        <p className="text-ink">{t("test.intro", { count: state.questionCount, passMark: state.passMark })}</p>
        {state.verificationType === "mentor" ? <p className="text-sm text-muted">{t("test.mentorNote")}</p> : null}
        <div>
          <Button onClick={() => void begin(false)} disabled={busy} data-testid="test-start">
            {t("test.start")}
          </Button>
        </div>
      </>
    );
  } else if (shown.kind === "question" && state.list[shown.index] && (state.mode === "question" || state.mode === "review")) {
    const q = state.list[shown.index];
    const feedback = state.answers.find((a) => a.questionId === q.id) ?? null;
    body = (
      <QuestionStep
        key={q.id}
        question={q}
        index={shown.index}
        total={state.list.length}
        feedback={feedback}
        busy={busy}
        headingProps={headingProps}
        onAnswer={(b) => void answer(q, b)}
        onNext={() => nextAfter(shown.index)}
        lastOpen={state.answers.length === state.list.length}
      />
    );
  } else if (state.mode === "question" || state.mode === "review") {
    body = (
      <>
        <h2 {...headingProps}>{t("test.submit")}</h2>
        <p>{t("test.allAnswered")}</p>
        <div>
          <Button onClick={() => void submit()} disabled={busy} data-testid="test-submit">
            {t("test.submit")}
          </Button>
        </div>
      </>
    );
  } else {
    body = <ResultStep state={state} busy={busy} headingProps={headingProps} onRetake={() => void begin(true)} />;
  }

  return (
    <section
      aria-label={t("test.heading")}
      className="flex flex-col gap-4 rounded-component border border-line bg-surface p-6"
      data-testid="test-runner"
      data-mode={state.mode}
    >
      {errorAlert}
      {body}
      {award ? (
        <Suspense fallback={null}>
          <AwardPopup award={award} onClose={() => setAward(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}

type HeadingProps = { ref: React.RefObject<HTMLHeadingElement | null>; tabIndex: number; className: string };

function QuestionStep({
  question: q,
  index,
  total,
  feedback,
  busy,
  headingProps,
  onAnswer,
  onNext,
  lastOpen,
}: {
  question: TPublicQuestion;
  index: number;
  total: number;
  feedback: TAnswerFeedback | null;
  busy: boolean;
  headingProps: HeadingProps;
  onAnswer: (body: { variants?: string[]; text?: string }) => void;
  onNext: () => void;
  lastOpen: boolean;
}) {
  const { t } = useTranslation("learn");
  const id = useId();
  const [chosen, setChosen] = useState<string[]>([]);
  const [text, setText] = useState("");
  const answered = feedback !== null;
  const nextRef = useRef<HTMLButtonElement>(null);
  const wasAnswered = useRef(answered);
  // Once answered, the keyboard lands on "Next" (the feedback above it is announced as a status).
  useEffect(() => {
    if (answered && !wasAnswered.current) nextRef.current?.focus();
    wasAnswered.current = answered;
  }, [answered]);
  const multiple = q.kind === "multiple";
  const picked = answered ? feedback.answer.variants : chosen;
  const ready = q.kind === "text" ? text.trim().length > 0 : chosen.length > 0;
  const toggle = (v: string) => setChosen((c) => (multiple ? (c.includes(v) ? c.filter((x) => x !== v) : [...c, v]) : [v]));

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (answered) onNext();
        else if (ready) onAnswer(q.kind === "text" ? { text } : { variants: chosen });
      }}
      data-testid="test-question"
      data-question={q.id}
      data-kind={q.kind}
    >
      <p className="text-sm font-semibold text-muted" data-testid="test-progress">
        {t("test.progress", { current: index + 1, total })}
      </p>
      <progress
        className="h-2 w-full accent-primary"
        max={total}
        value={index + (answered ? 1 : 0)}
        aria-label={t("test.progress", { current: index + 1, total })}
      />
      <h2 {...headingProps} id={`${id}-q`}>
        {q.text}
      </h2>
      {q.kind === "text" ? (
        <TextArea
          label={t("test.yourAnswer")}
          value={answered ? (feedback.answer.text ?? "") : text}
          onChange={(e) => setText(e.target.value)}
          readOnly={answered}
          maxLength={2000}
          rows={3}
          data-testid="test-text"
        />
      ) : (
        <fieldset className="flex flex-col gap-2" aria-labelledby={`${id}-q`} aria-describedby={`${id}-hint`}>
          <p id={`${id}-hint`} className="text-sm text-muted">
            {multiple ? t("test.chooseMany") : t("test.chooseOne")}
          </p>
          <div className={q.kind === "image" ? "grid grid-cols-1 gap-3 sm:grid-cols-3" : "flex flex-col gap-2"}>
            {q.variants.map((v) => {
              const isPicked = picked.includes(v.id);
              const isRight = answered && feedback.correctVariants.includes(v.id);
              return (
                <label
                  key={v.id}
                  className={`flex cursor-pointer items-start gap-3 rounded-component border p-3 ${isRight ? "border-success" : isPicked ? "border-primary" : "border-line"} ${q.kind === "image" ? "flex-col" : ""}`}
                  data-testid="test-variant"
                  data-variant={v.id}
                >
                  {v.image ? (
                    <img src={v.image.url} alt={v.image.alt} className="aspect-video w-full rounded-component object-cover" width={320} height={180} />
                  ) : null}
                  <span className="flex items-start gap-3">
                    <input
                      type={multiple ? "checkbox" : "radio"}
                      name={`${id}-variant`}
                      value={v.id}
                      checked={isPicked}
                      disabled={answered}
                      onChange={() => toggle(v.id)}
                      className="mt-1 size-4 shrink-0 accent-primary"
                    />
                    <span className="text-ink">
                      {v.text}
                      {/* A real space before the mark (issue 28): a margin alone reads "answer(correct answer)" to screen readers and in copied text. */}
                      {isRight ? " " : null}
                      {isRight ? <span className="text-sm font-semibold text-success">({t("test.rightVariant")})</span> : null}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      {answered ? <Feedback feedback={feedback} /> : null}
      <div>
        {answered ? (
          <Button type="submit" ref={nextRef} data-testid="test-next">
            {lastOpen ? t("test.toSubmit") : t("test.next")}
            <Icon name="arrow-end" className="size-4 rtl:-scale-x-100" />
          </Button>
        ) : (
          <Button type="submit" disabled={busy || !ready} data-testid="test-answer">
            {t("test.answer")}
          </Button>
        )}
      </div>
    </form>
  );
}

function Feedback({ feedback }: { feedback: TAnswerFeedback }) {
  const { t } = useTranslation("learn");
  const tone = feedback.correct === null ? "info" : feedback.correct ? "success" : "warning";
  const title = feedback.correct === null ? t("test.pending") : feedback.correct ? t("test.correct") : t("test.incorrect");
  return (
    <div data-testid="test-feedback" data-correct={String(feedback.correct)}>
      <Alert tone={tone} title={title}>
        {feedback.feedback ? <p>{feedback.feedback}</p> : null}
        {feedback.explanation ? (
          <p>
            <span className="font-semibold">{t("test.explanation")}: </span>
            {feedback.explanation}
          </p>
        ) : null}
        {feedback.mentorComment ? (
          <p>
            <span className="font-semibold">{t("test.mentorComment")}: </span>
            {feedback.mentorComment}
          </p>
        ) : null}
      </Alert>
    </div>
  );
}

/** "in 5 minutes" / "5 dakika sonra" / "بعد 5 دقائق": the wait until `at`, in minutes, hours or days. */
function waitIn(at: string | null, lang: string): string {
  const ms = at ? Math.max(0, new Date(at).getTime() - Date.now()) : 0;
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: "always" });
  if (minutes < 120) return rtf.format(minutes, "minute");
  const hours = Math.ceil(minutes / 60);
  return hours < 48 ? rtf.format(hours, "hour") : rtf.format(Math.ceil(hours / 24), "day");
}

function ResultStep({ state, busy, headingProps, onRetake }: { state: TTestState; busy: boolean; headingProps: HeadingProps; onRetake: () => void }) {
  const { t } = useTranslation("learn");
  const lang = useLang();
  const formatInstant = useInstantFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  if (state.mode === "awaiting-mentor") {
    return (
      <div className="flex flex-col gap-3" data-testid="test-awaiting">
        <h2 {...headingProps}>{t("test.awaitingTitle")}</h2>
        <p>{t("test.awaitingText")}</p>
      </div>
    );
  }
  const r = state.result;
  const time = state.retake.availableAt ? formatInstant(state.retake.availableAt) : "";
  return (
    <div className="flex flex-col gap-3" data-testid="test-result" data-passed={String(r?.passed ?? false)}>
      <h2 {...headingProps}>{t("test.resultTitle")}</h2>
      <p className="flex flex-wrap items-center gap-3 text-lg">
        <span data-testid="test-score">{t("test.score", { score: r?.score ?? 0, passMark: state.passMark })}</span>
        {r?.passed ? <Badge tone="success">{t("test.passed")}</Badge> : <Badge tone="neutral">{t("test.failed")}</Badge>}
      </p>
      {state.best && state.attemptNumber !== null && state.attemptNumber > 1 ? (
        <p className="text-sm text-muted">{t("test.best", { score: state.best.score, number: state.best.attemptNumber })}</p>
      ) : null}
      {/* A failed test says how many tries are left and when the next one may start (issue 28). */}
      {!state.passed && state.retake.reason !== "pending" ? (
        <div className="flex flex-col gap-1" data-testid="test-retake-info">
          {state.retake.reason === "attempts" ? (
            <p>{t("test.noAttempts")}</p>
          ) : (
            <p className="font-medium text-ink" data-testid="test-tries-left">
              {state.retake.attemptsLeft === null ? t("test.triesUnlimited") : t("test.attemptsLeft", { count: state.retake.attemptsLeft })}
            </p>
          )}
          {state.retake.reason === "cooldown" ? (
            <p data-testid="test-wait" suppressHydrationWarning>
              {t("test.cooldown", { wait: waitIn(state.retake.availableAt, lang), time })}
            </p>
          ) : state.retake.allowed ? (
            <p data-testid="test-wait">{t("test.noWait")}</p>
          ) : null}
        </div>
      ) : null}
      {state.answers.length > 0 ? (
        <details className="rounded-component border border-line p-3" data-testid="test-answers">
          <summary className="cursor-pointer font-semibold text-ink">{t("test.yourAnswers")}</summary>
          <ol className="mt-3 flex flex-col gap-3">
            {state.answers.map((a) => {
              const q = state.list.find((x) => x.id === a.questionId);
              return (
                <li key={a.questionId} className="flex flex-col gap-1">
                  <p className="font-medium text-ink">{q?.text}</p>
                  <Feedback feedback={a} />
                </li>
              );
            })}
          </ol>
        </details>
      ) : null}
      {state.retake.allowed ? (
        <div>
          <Button variant="outline" onClick={onRetake} disabled={busy} data-testid="test-retake">
            <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
            {t("test.retake")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
