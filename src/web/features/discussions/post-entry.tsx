import { useRef, useState } from "react";
import type { TDiscussionPost } from "../../../domain/discussion";
import { Icon } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import type { ApiError } from "../../lib/api";
import { ApiErrorAlert } from "../orders/api-error-alert";
import { PendingList } from "./pending-post";
import { actionClass, PostCard, type Shared } from "./post-card";
import { PostComposer } from "./post-composer";
import { repliesInOrder } from "./thread-state";

/** A top-level post with its replies (one level): older replies on request, the pinned answer first, and a reply form. */
export function PostEntry({ entry, ...shared }: Shared & { entry: TDiscussionPost }) {
  const { t } = useTranslation("discussions");
  const [replying, setReplying] = useState(false);
  const item = useRef<HTMLLIElement>(null);
  const stopReplying = () => {
    setReplying(false);
    requestAnimationFrame(() => item.current?.querySelector<HTMLElement>('[data-action="reply"]')?.focus());
  };
  const [olderBusy, setOlderBusy] = useState(false);
  const [olderError, setOlderError] = useState<ApiError | null>(null);
  const { thread } = shared;
  const canReply = !entry.deleted && !entry.hidden;
  const hasReplies = entry.replies.length > 0 || thread.state.pending.some((p) => p.parentId === entry.id);
  return (
    <li ref={item} className="flex flex-col gap-3 border-b border-line pb-4 last:border-b-0" data-testid="discussion-entry" data-id={entry.id}>
      <PostCard post={entry} {...shared} onReply={canReply ? () => setReplying(true) : undefined} />
      {hasReplies || entry.olderReplies || replying ? (
        <div className="ms-5 flex flex-col gap-3 border-s-2 border-line ps-4 sm:ms-12">
          {entry.olderReplies ? (
            <div>
              <button
                type="button"
                className={actionClass}
                disabled={olderBusy}
                onClick={() => {
                  setOlderBusy(true);
                  void thread.loadOlderReplies(entry.id, entry.olderReplies!).then((res) => {
                    setOlderBusy(false);
                    setOlderError(res.ok ? null : res.error);
                  });
                }}
                data-testid="discussion-older-replies"
              >
                <Icon name="chevron-up" className="size-3.5" />
                {t("thread.olderReplies")}
              </button>
              {olderError ? <ApiErrorAlert error={olderError} /> : null}
            </div>
          ) : null}
          {hasReplies ? (
            <ul className="flex flex-col gap-3" aria-label={t("thread.repliesTo", { name: entry.author.fullName })}>
              {repliesInOrder(entry.replies).map((reply) => (
                <li key={reply.id}>
                  <PostCard post={reply} {...shared} />
                </li>
              ))}
              <PendingList parentId={entry.id} thread={thread} viewer={shared.viewer} />
            </ul>
          ) : null}
          {replying ? (
            <PostComposer
              label={t("composer.replyLabel", { name: entry.author.fullName })}
              submitLabel={t("composer.reply")}
              busy={thread.sending}
              focusOnOpen
              testId="discussion-reply-form"
              onCancel={stopReplying}
              onSubmit={(text) => {
                thread.send(text, entry.id);
                stopReplying();
                return true;
              }}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
