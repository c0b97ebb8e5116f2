import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { CHAT_TIMERS, USER_TOPIC } from "../../../domain/chat-rules";
import type { TNotification } from "../../../domain/notification";
import { Button } from "../../components/ui/button";
import { MoreButton } from "../../components/ui/more-button";
import { cn } from "../../components/ui/cn";
import { Icon } from "../../components/ui/icon";
import { Spinner } from "../../components/ui/spinner";
import { useTranslation } from "../../i18n/use-translation";
import { ApiFailure, orThrow } from "../../lib/api";
import { useLang, useRootData } from "../../root-data";
import { ApiErrorAlert } from "../orders/api-error-alert";
import { useLiveTopics } from "../live/use-live-topics";
import { useNow } from "../live/use-now";
import { getNotifications, notificationKeys, readAllNotifications, readNotifications, type TNotificationList } from "./notification-calls";
import { notificationHref } from "./notification-links";
import { PersonAvatar } from "./person-avatar";
import { relativeTime } from "./relative-time";
import { refreshUnreadNotifications, setUnreadNotifications } from "./unread-count";

function NotificationItem({ item, now, onRead }: { item: TNotification; now: number; onRead(id: string): void }) {
  const { t } = useTranslation("notifications");
  const lang = useLang();
  const langs = useRootData()?.settings.portal.i18n.langs ?? [];
  const navigate = useNavigate();
  const href = notificationHref(item.link, { lang, langs });
  const open = (e: React.MouseEvent) => {
    if (item.read) return;
    onRead(item.id);
    // Marking read must not race the navigation away: the page it opens reads the same count.
    if (href && !e.metaKey && !e.ctrlKey && !e.shiftKey && e.button === 0) {
      e.preventDefault();
      void navigate(href);
    }
  };
  return (
    <li
      className={cn("flex gap-4 rounded-component border p-4", item.read ? "border-line bg-surface" : "border-primary/40 bg-primary-soft/40")}
      data-testid="notification"
      data-read={item.read ? "true" : "false"}
    >
      <PersonAvatar name={item.title} url={item.avatar} className="size-11" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h2 className="text-base font-semibold text-ink">
            {!item.read ? (
              <span className="me-2 inline-block size-2.5 rounded-full bg-primary align-middle" aria-hidden="true" data-testid="notification-unread-dot" />
            ) : null}
            {href ? (
              <Link dir="auto" to={href} onClick={open} className="hover:underline focus-visible:underline" data-testid="notification-link">
                {item.title}
              </Link>
            ) : (
              <bdi>{item.title}</bdi>
            )}
            {!item.read ? <span className="sr-only"> ({t("unread")})</span> : null}
          </h2>
          <time dateTime={item.createdAt} className="text-sm text-muted">
            {relativeTime(item.createdAt, now, lang)}
          </time>
        </div>
        {/* Plain text: whatever the text holds is printed, never parsed as HTML. */}
        <p dir="auto" className="line-clamp-3 break-words whitespace-pre-line text-ink" data-testid="notification-text">
          {item.text}
        </p>
        {!item.read ? (
          <div>
            <Button variant="ghost" size="sm" className="-ms-3" onClick={() => onRead(item.id)} data-testid="notification-mark-read">
              <Icon name="check" className="size-4" />
              {t("markRead")}
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** Marks read in the cache at once (the list and the badge), then on the server, whose count wins. */
function useMarkRead() {
  const client = useQueryClient();
  const mark = (ids: string[] | "all") => {
    client.setQueryData<{ pages: TNotificationList[]; pageParams: unknown[] }>(notificationKeys.list, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((p) => ({
              ...p,
              unreadCount: ids === "all" ? 0 : Math.max(0, p.unreadCount - p.items.filter((i) => !i.read && ids.includes(i.id)).length),
              items: p.items.map((i) => (ids === "all" || ids.includes(i.id) ? { ...i, read: true } : i)),
            })),
          }
        : data,
    );
  };
  return useMutation({
    mutationFn: (ids: string[] | "all") => orThrow(ids === "all" ? readAllNotifications() : readNotifications(ids)),
    onMutate: mark,
    onSuccess: (reply) => setUnreadNotifications(reply.unreadCount),
    onSettled: () => void client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/**
 * /{lang}/profile/Notifications/NotificationsPage (seed 000 §2.1, §3 "Notification"): the account's
 * notifications, unread first; opening one marks it read, as does its button; "mark all as read".
 * Live through `user:{id}`: a new one appears without a reload, and the badge follows.
 */
export function NotificationsView({ userId, registered }: { userId: string; registered: boolean }) {
  const { t } = useTranslation("notifications");
  const now = useNow();
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) => orThrow(getNotifications(pageParam, signal)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: registered,
  });
  const markRead = useMarkRead();
  useLiveTopics(
    registered ? [USER_TOPIC(userId)] : [],
    () => {
      void client.invalidateQueries({ queryKey: notificationKeys.all });
      void refreshUnreadNotifications();
    },
    // Seed §9 "update polling 30 s", while the socket is down.
    CHAT_TIMERS.updatePollMs,
  );
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = query.data?.pages[0]?.unreadCount ?? 0;
  useEffect(() => {
    if (query.data) setUnreadNotifications(unread);
  }, [query.data, unread]);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10" data-testid="notifications-page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-title text-3xl font-bold text-ink">{t("title")}</h1>
        <Button
          variant="outline"
          size="sm"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate("all")}
          data-testid="notifications-read-all"
        >
          <Icon name="check" className="size-4" />
          {t("markAllRead")}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite" data-testid="notifications-status">
        {query.data ? t("unreadCount", { count: unread }) : ""}
      </p>
      {markRead.error instanceof ApiFailure ? <ApiErrorAlert error={markRead.error.error} /> : null}
      {query.error instanceof ApiFailure ? (
        <ApiErrorAlert error={query.error.error}>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void query.refetch()}>
            {t("retry")}
          </Button>
        </ApiErrorAlert>
      ) : registered && query.isPending ? (
        <Spinner label={t("loading")} />
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-component border border-dashed border-line p-10 text-center" data-testid="notifications-empty">
          <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary-strong" aria-hidden="true">
            <Icon name="mail" className="size-7" />
          </span>
          <h2 className="font-title text-xl font-bold text-ink">{t("empty.title")}</h2>
          <p className="text-muted">{t("empty.text")}</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t("listLabel")} data-testid="notifications-list">
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} now={now} onRead={(id) => markRead.mutate([id])} />
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <MoreButton
          busy={query.isFetchingNextPage}
          onMore={() => void query.fetchNextPage()}
          label={t("loadMore")}
          busyLabel={t("loading")}
          data-testid="notifications-more"
        />
      ) : null}
    </div>
  );
}
