import { useEffect, useId, useRef, useState } from "react";
import { canSend, CHAT_LIMITS } from "../../../domain/chat-rules";
import { Icon } from "../../components/ui/icon";
import { cn } from "../../components/ui/cn";
import { useTranslation } from "../../i18n/use-translation";

/** The counter shows once this few characters are left. */
const COUNTER_FROM = 200;

export interface ComposerProps {
  sending: boolean;
  onSend(text: string): void;
  /** Focus the input when the composer first appears (the widget was just opened). */
  focusOnOpen?: boolean;
}

/**
 * Seed §5: at most 1500 characters; send disabled while a message is sending or the text is empty or
 * blank; Enter sends, Shift+Enter adds a line (and Enter that confirms an input method's word does neither).
 */
export function Composer({ sending, onSend, focusOnOpen }: ComposerProps) {
  const { t } = useTranslation("chat");
  const [text, setText] = useState("");
  const input = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  // Focus moves into the chat the learner just opened (not on a page load: the composer mounts only then).
  useEffect(() => {
    if (focusOnOpen) input.current?.focus();
  }, [focusOnOpen]);
  const left = CHAT_LIMITS.messageMax - text.length;
  const allowed = canSend(text, sending);
  const submit = () => {
    if (!canSend(text, sending)) return;
    onSend(text.trim());
    setText("");
    input.current?.focus();
  };
  return (
    <form
      className="flex items-end gap-2 border-t border-line p-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="chat-composer"
    >
      <div className="flex flex-1 flex-col gap-1">
        <label className="sr-only" htmlFor={`${counterId}-input`}>
          {t("composer.label")}
        </label>
        <textarea
          id={`${counterId}-input`}
          ref={input}
          value={text}
          rows={2}
          maxLength={CHAT_LIMITS.messageMax}
          placeholder={t("composer.placeholder")}
          aria-describedby={left <= COUNTER_FROM ? counterId : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
            e.preventDefault();
            submit();
          }}
          className="max-h-40 min-h-11 w-full resize-none rounded-xl border border-line bg-surface px-3 py-2 text-sm text-ink placeholder:text-muted focus:border-primary focus:outline-none focus-visible:ring-2 focus-visible:ring-primary"
          data-testid="chat-input"
        />
        {left <= COUNTER_FROM ? (
          <p id={counterId} className={cn("text-xs", left <= 0 ? "text-danger" : "text-muted")} aria-live="polite" data-testid="chat-counter">
            {t("composer.left", { count: left })}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={!allowed}
        aria-label={t("composer.send")}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-white hover:bg-primary-strong disabled:cursor-not-allowed disabled:opacity-50"
        data-testid="chat-send"
      >
        <Icon name="arrow-end" className="size-5 rtl:-scale-x-100" />
      </button>
    </form>
  );
}
