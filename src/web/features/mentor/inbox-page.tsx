import { Link, useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { CHAT_TIMERS, CHAT_TOPIC, INBOX_TOPIC } from "../../../domain/chat-rules";
import { cn } from "../../components/ui/cn";
import { Icon } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { useLiveTopics } from "../live/use-live-topics";
import { useNow } from "../live/use-now";
import { AvailabilityToggle } from "./availability-toggle";
import { ChatPane } from "./chat-pane";
import { DiscussionsLink } from "./discussion-link";
import { inboxFilters, parseInboxFilter } from "./inbox-filters";
import { InboxList } from "./inbox-list";
import { mentorKeys } from "./mentor-calls";
import type { InboxViewer } from "./mentor-roles";
import { SettingsButton } from "./settings-dialog";

/**
 * /{lang}/mentor/ and /{lang}/mentor/{chatId} (issue 12): the mentors' inbox. Two panes on wide
 * screens (the chats, the open chat); one at a time on small ones. Live through `inbox:{portalId}`
 * (new, reassigned, answered chats) and `chat:{id}` (the open chat's status and assignment); every
 * event re-reads through the API.
 */
export function InboxPage({ viewer, chatId }: { viewer: InboxViewer; chatId: string | null }) {
  const { t } = useTranslation("mentor");
  const lang = useLang();
  const [params] = useSearchParams();
  const filter = parseInboxFilter(params.get("filter"), viewer.leader);
  const now = useNow();
  const client = useQueryClient();
  useLiveTopics(
    [INBOX_TOPIC(viewer.portalId), ...(chatId ? [CHAT_TOPIC(chatId)] : [])],
    () => void client.invalidateQueries({ queryKey: mentorKeys.all }),
    // Seed §9 "update polling 30 s", while the socket is down.
    CHAT_TIMERS.updatePollMs,
  );
  return (
    <div className="flex flex-col gap-6" data-testid="mentor-inbox" data-leader={viewer.leader ? "true" : "false"}>
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="flex items-center gap-3 font-title text-3xl font-bold text-ink">
          <Icon name="chat" className="size-7 text-primary-strong" />
          {t("title")}
        </h1>
        <div className="flex flex-wrap items-center gap-3">
          <Link to={`/${lang}/mentor/reviews/`} className="font-medium text-primary-strong hover:underline" data-testid="inbox-reviews-link">
            {t("reviews.link")}
          </Link>
          <DiscussionsLink />
          <AvailabilityToggle portalId={viewer.portalId} userId={viewer.id} />
          {viewer.leader ? <SettingsButton /> : null}
        </div>
      </header>
      <div className="grid gap-6 md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
        <section aria-labelledby="inbox-chats-title" className={cn("flex-col gap-3", chatId ? "hidden md:flex" : "flex")}>
          <h2 id="inbox-chats-title" className="sr-only">
            {t("list.title")}
          </h2>
          <nav aria-label={t("filters.label")}>
            <ul className="flex flex-wrap gap-2" data-testid="inbox-filters">
              {inboxFilters(viewer.leader).map((f) => (
                <li key={f}>
                  <Link
                    to={`/${lang}/mentor/${chatId ?? ""}?filter=${f}`}
                    aria-current={f === filter ? "page" : undefined}
                    className={cn(
                      "inline-flex min-h-9 items-center rounded-full border px-4 text-sm font-semibold",
                      f === filter ? "border-primary bg-primary text-white" : "border-line text-ink hover:bg-surface-alt",
                    )}
                    data-testid={`inbox-filter-${f}`}
                  >
                    {t(`filters.${f}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <InboxList filter={filter} activeId={chatId} now={now} />
        </section>
        <div className={cn("min-w-0", chatId ? "block" : "hidden md:block")}>
          {chatId ? (
            <ChatPane key={chatId} chatId={chatId} leader={viewer.leader} filter={filter} now={now} />
          ) : (
            <div className="flex h-full min-h-64 flex-col items-center justify-center gap-3 rounded-component border border-dashed border-line p-10 text-center">
              <Icon name="chat" className="size-10 text-muted" />
              <p className="text-muted">{t("pane.none")}</p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
