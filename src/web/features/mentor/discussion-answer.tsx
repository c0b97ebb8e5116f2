import { useId, useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DISCUSSION_LIMITS, newDiscussionPostId } from "../../../domain/discussion";
import { Button } from "../../components/ui/button";
import { useTranslation } from "../../i18n/use-translation";
import { ApiFailure, orThrow } from "../../lib/api";
import { useLang } from "../../root-data";
import { ApiErrorAlert } from "../orders/api-error-alert";
import { createPost } from "../discussions/discussion-calls";
import { discussionKeys } from "./discussion-calls";

/**
 * A mentor's answer in place, under a learner's waiting post. Its post id is made once per text: a
 * retry of the same text after a lost reply never posts twice, an edited text is a new post.
 * Ctrl/Cmd+Enter sends (Enter alone adds a line: answers are often several paragraphs). Once the
 * server has it, the queue is read again and the post leaves it.
 */
export function DiscussionAnswer({ discussionId, parentId, onAnswered }: { discussionId: string; parentId: string; onAnswered(): void }) {
  const { t } = useTranslation("mentor");
  const lang = useLang();
  const client = useQueryClient();
  const id = useId();
  const [text, setText] = useState("");
  const postId = useRef<string | null>(null);
  const send = useMutation({
    mutationFn: (body: { id: string; text: string }) => orThrow(createPost(discussionId, lang, { ...body, parentId })),
    onSuccess: async () => {
      postId.current = null;
      setText("");
      await client.invalidateQueries({ queryKey: discussionKeys.all });
      onAnswered();
    },
  });
  const submit = () => {
    const trimmed = text.trim();
    if (!trimmed || send.isPending) return;
    postId.current ??= newDiscussionPostId();
    send.mutate({ id: postId.current, text: trimmed });
  };
  return (
    <form
      className="flex flex-col gap-2 border-t border-line pt-3"
      data-testid="discussion-answer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={`${id}-text`} className="text-sm font-semibold text-ink">
        {t("discussions.answer.label")}
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        rows={3}
        maxLength={DISCUSSION_LIMITS.textMax}
        aria-describedby={`${id}-hint`}
        // Read-only, not disabled, while sending: focus stays in the field if the send fails.
        readOnly={send.isPending}
        onChange={(e) => {
          setText(e.target.value);
          postId.current = null;
        }}
        onKeyDown={(e) => {
          if (e.key !== "Enter" || !(e.ctrlKey || e.metaKey) || e.nativeEvent.isComposing) return;
          e.preventDefault();
          submit();
        }}
        className="w-full rounded-xl border border-line bg-surface px-3 py-2 text-sm text-ink focus:border-primary focus:outline-none focus-visible:ring-2 focus-visible:ring-primary"
        data-testid="discussion-answer-input"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-hint`} className="text-xs text-muted">
          <span data-testid="discussion-answer-counter">{t("discussions.counter", { count: text.length, max: DISCUSSION_LIMITS.textMax })}</span>
          {" · "}
          {t("discussions.answer.hint")}
        </p>
        <Button type="submit" size="sm" disabled={send.isPending || !text.trim()} data-testid="discussion-answer-send">
          {t("discussions.answer.send")}
        </Button>
      </div>
      {send.error instanceof ApiFailure ? <ApiErrorAlert error={send.error.error} /> : null}
    </form>
  );
}
