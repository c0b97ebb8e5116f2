import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { CHAT_TIMERS } from "../../../domain/chat-rules";
import { useTranslation } from "../../i18n/use-translation";
import { orThrow } from "../../lib/api";
import { useLang } from "../../root-data";
import { useLiveTopics } from "../live/use-live-topics";
import { DiscussionAnswer } from "./discussion-answer";
import { discussionKeys, getWaiting, type TQueueItem } from "./discussion-calls";
import { DiscussionEntry } from "./discussion-entry";
import { PagedList } from "./discussion-paged-list";
import { discussionHref, joinQueuePages, queueTopics } from "./discussion-rules";

/** Discussion topics the queue listens to at most (a socket holds 32 topics in all). */
const LISTENED_DISCUSSIONS = 8;

/** One waiting post: where it was asked (a link opening that discussion on the element page), the post, its replies, the answer. */
function QueueItem({ item, now, onAnswered }: { item: TQueueItem; now: number; onAnswered(): void }) {
  const { t } = useTranslation("mentor");
  const id = useId();
  const d = item.discussion;
  const where = t("discussions.where", { kind: t(`discussions.kind.${d.type}`), number: d.number, title: d.title });
  return (
    <article
      aria-labelledby={`${id}-where`}
      className="flex flex-col gap-4 rounded-component border border-line bg-surface p-4 sm:p-5"
      data-testid="discussion-queue-item"
      data-post-id={item.post.id}
    >
      <header className="flex flex-col gap-0.5">
        <p dir="auto" className="text-sm text-muted">
          {d.courseTitle}
        </p>
        <h3 id={`${id}-where`} className="font-title text-lg font-bold text-ink">
          <Link to={discussionHref(d)} className="text-primary-strong underline-offset-2 hover:underline" data-testid="discussion-element-link">
            {where}
          </Link>
        </h3>
      </header>
      <DiscussionEntry entry={item.post} now={now} />
      {item.post.replies.length > 0 ? (
        <ul className="flex flex-col gap-3 border-s-2 border-line ps-4" aria-label={t("discussions.replies", { count: item.post.replies.length })}>
          {item.post.moreReplies ? <li className="text-sm text-muted">{t("discussions.olderReplies")}</li> : null}
          {item.post.replies.map((r) => (
            <li key={r.id}>
              <DiscussionEntry entry={r} now={now} />
            </li>
          ))}
        </ul>
      ) : null}
      <DiscussionAnswer discussionId={d.id} parentId={item.post.id} onAnswered={onAnswered} />
    </article>
  );
}

/**
 * "Waiting for an answer": learners' posts no mentor has answered yet, oldest first (the server's
 * order), a page of 50 at a time. Besides the inbox topic the page listens to, the queue listens to
 * its first discussions' topics, so learners' replies and other mentors' moderation show up live.
 */
export function DiscussionQueue({ now }: { now: number }) {
  const { t } = useTranslation("mentor");
  const lang = useLang();
  const client = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [answered, setAnswered] = useState(0);
  const query = useInfiniteQuery({
    queryKey: discussionKeys.waiting(lang),
    queryFn: ({ pageParam, signal }) => orThrow(getWaiting(lang, pageParam, undefined, signal)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const items = joinQueuePages(query.data?.pages ?? []);
  useLiveTopics(
    queueTopics(
      items.map((i) => i.discussion.id),
      LISTENED_DISCUSSIONS,
    ),
    () => void client.invalidateQueries({ queryKey: discussionKeys.all }),
    CHAT_TIMERS.updatePollMs,
  );
  const onAnswered = () => {
    setAnswered((n) => n + 1);
    // The answered post has left the list, and focus with it: it goes to the list's heading.
    heading.current?.focus();
  };
  return (
    <section aria-labelledby="discussion-queue-title" className="flex flex-col gap-4" data-testid="discussion-queue">
      <h2 id="discussion-queue-title" ref={heading} tabIndex={-1} className="sr-only">
        {t("discussions.tabs.waiting")}
      </h2>
      <p className="sr-only" role="status" data-testid="discussion-queue-status">
        {answered > 0 ? t("discussions.answer.sent") : ""}
      </p>
      <PagedList
        query={query}
        items={items}
        keyOf={(item) => item.post.id}
        render={(item) => <QueueItem item={item} now={now} onAnswered={onAnswered} />}
        empty={t("discussions.empty.waiting")}
        testId="discussion-queue"
      />
    </section>
  );
}
