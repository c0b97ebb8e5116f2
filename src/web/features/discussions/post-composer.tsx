import { useEffect, useId, useRef, useState } from "react";
import { DISCUSSION_LIMITS, ZDiscussionText } from "../../../domain/discussion";
import { Button } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { useTranslation } from "../../i18n/use-translation";

/** The counter shows once this few characters are left (as in the chat's composer). */
const COUNTER_FROM = 200;

export interface PostComposerProps {
  label: string;
  submitLabel: string;
  /** The text to start from (an edit). */
  initial?: string;
  /** Sending is off meanwhile (one post at a time) or while an edit is saved. */
  busy: boolean;
  /** The text, trimmed; true clears the field. */
  onSubmit(text: string): boolean | Promise<boolean>;
  onCancel?(): void;
  /** Focus the field when it appears (the learner just asked for it). */
  focusOnOpen?: boolean;
  testId: string;
  /** Switches that change how the text is sent (later: "send to my mentor privately"), shown under the field. */
  children?: React.ReactNode;
}

/**
 * Writing a post, a reply or an edit: the chat's rules (seed 000 §5) with the discussions' schema: at
 * most 1500 characters with a counter near the end, sending off while the text is blank or too long or
 * a post is on its way; Enter sends, Shift+Enter adds a line (not while an input method composes).
 */
export function PostComposer({ label, submitLabel, initial = "", busy, onSubmit, onCancel, focusOnOpen, testId, children }: PostComposerProps) {
  const { t } = useTranslation("discussions");
  const [text, setText] = useState(initial);
  const input = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => {
    if (focusOnOpen) input.current?.focus();
  }, [focusOnOpen]);
  const left = DISCUSSION_LIMITS.textMax - text.length;
  const valid = ZDiscussionText.safeParse(text);
  const allowed = !busy && valid.success && (initial === "" || valid.data !== initial);
  const submit = async () => {
    if (!allowed) return;
    if (await onSubmit(valid.data)) setText("");
    input.current?.focus();
  };
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid={testId}
    >
      <label className="sr-only" htmlFor={`${id}-text`}>
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        ref={input}
        value={text}
        rows={3}
        dir="auto"
        maxLength={DISCUSSION_LIMITS.textMax}
        placeholder={label}
        aria-describedby={left <= COUNTER_FROM ? `${id}-left` : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
          e.preventDefault();
          void submit();
        }}
        className="max-h-60 min-h-20 w-full resize-y rounded-xl border border-line bg-surface px-3 py-2 text-sm text-ink placeholder:text-muted focus:border-primary focus:outline-none focus-visible:ring-2 focus-visible:ring-primary"
        data-testid="discussion-input"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-3">
          {children}
          {left <= COUNTER_FROM ? (
            <p id={`${id}-left`} className={cn("text-xs", left <= 0 ? "text-danger" : "text-muted")} aria-live="polite" data-testid="discussion-counter">
              {t("composer.left", { count: left })}
            </p>
          ) : null}
        </div>
        <div className="ms-auto flex gap-2">
          {onCancel ? (
            <Button variant="ghost" size="sm" onClick={onCancel} data-testid="discussion-cancel">
              {t("composer.cancel")}
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={!allowed} data-testid="discussion-send">
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
