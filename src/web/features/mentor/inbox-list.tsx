import { Link } from "react-router";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Button } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { Spinner } from "../../components/ui/spinner";
import { useTranslation } from "../../i18n/use-translation";
import { ApiFailure, orThrow } from "../../lib/api";
import { useLang } from "../../root-data";
import { PersonAvatar } from "../notifications/person-avatar";
import { relativeTime } from "../notifications/relative-time";
import { ApiErrorAlert } from "../orders/api-error-alert";
import { type InboxFilter, joinInboxPages } from "./inbox-filters";
import { getInbox, mentorKeys, type TInboxChat } from "./mentor-calls";
import { WaitBadge } from "./wait-badge";

function InboxItem({ chat, active, filter, now }: { chat: TInboxChat; active: boolean; filter: InboxFilter; now: number }) {
  const { t } = useTranslation("mentor");
  const lang = useLang();
  const last = chat.lastMessage;
  return (
    <li>
      <Link
        to={`/${lang}/mentor/${chat.id}?filter=${filter}`}
        aria-current={active ? "page" : undefined}
        className={cn(
          "flex gap-3 rounded-component border p-3 transition hover:bg-primary-soft/50",
          active ? "border-primary bg-primary-soft" : "border-transparent",
        )}
        data-testid="inbox-chat"
        data-chat-id={chat.id}
        data-unread={chat.unreadMessagesCount}
      >
        <PersonAvatar name={chat.student.fullName} url={chat.student.avatarUrl} />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex items-baseline justify-between gap-2">
            <span dir="auto" className={cn("truncate text-ink", chat.unreadMessagesCount > 0 ? "font-bold" : "font-semibold")} data-testid="inbox-chat-name">
              {chat.student.fullName || t("list.noName")}
            </span>
            <time dateTime={chat.lastActivityAt} className="shrink-0 text-xs text-muted">
              {relativeTime(chat.lastActivityAt, now, lang)}
            </time>
          </span>
          <span className="flex items-center justify-between gap-2">
            {/* Plain text, one line: the message as typed, never HTML. */}
            <span className="truncate text-sm text-muted" data-testid="inbox-chat-last">
              {last ? (
                <>
                  {last.fromStudent ? null : `${t("list.you")}: `}
                  <bdi>{last.text}</bdi>
                </>
              ) : (
                t("list.noMessages")
              )}
            </span>
            {chat.unreadMessagesCount > 0 ? (
              <span className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-5 font-bold text-white">
                <span aria-hidden="true">{chat.unreadMessagesCount}</span>
                <span className="sr-only">{t("list.unread", { count: chat.unreadMessagesCount })}</span>
              </span>
            ) : null}
          </span>
          <span className="flex flex-wrap items-center gap-2">
            <WaitBadge waitingSince={chat.waitingSince} now={now} />
            {chat.status === "resolved" ? <span className="text-xs font-semibold text-success">{t("status.resolved")}</span> : null}
            {chat.mentorName ? <span className="truncate text-xs text-muted">{t("list.mentor", { name: chat.mentorName })}</span> : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The inbox's chats under one filter, newest activity first (the server's order), 30 at a time. */
export function InboxList({ filter, activeId, now }: { filter: InboxFilter; activeId: string | null; now: number }) {
  const { t } = useTranslation("mentor");
  const lang = useLang();
  const query = useInfiniteQuery({
    queryKey: mentorKeys.inbox(filter, lang),
    queryFn: ({ pageParam, signal }) => orThrow(getInbox(filter, lang, pageParam, signal)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const chats = joinInboxPages(query.data?.pages ?? []);
  if (query.error instanceof ApiFailure) {
    return (
      <ApiErrorAlert error={query.error.error}>
        <Button size="sm" variant="outline" className="mt-2" onClick={() => void query.refetch()}>
          {t("retry")}
        </Button>
      </ApiErrorAlert>
    );
  }
  if (query.isPending) return <Spinner label={t("loading")} />;
  return (
    <div className="flex flex-col gap-3">
      {chats.length === 0 ? (
        <p className="rounded-component border border-dashed border-line p-6 text-center text-muted" data-testid="inbox-empty">
          {t(`list.empty.${filter}`)}
        </p>
      ) : (
        <ul className="flex flex-col gap-1" data-testid="inbox-list">
          {chats.map((chat) => (
            <InboxItem key={chat.id} chat={chat} active={chat.id === activeId} filter={filter} now={now} />
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button variant="outline" size="sm" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} data-testid="inbox-more">
          {query.isFetchingNextPage ? t("loading") : t("list.more")}
        </Button>
      ) : null}
    </div>
  );
}
