import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { Spinner } from "../../components/ui/spinner";
import { useTranslation } from "../../i18n/use-translation";
import { ApiFailure, orThrow } from "../../lib/api";
import { useLang } from "../../root-data";
import { ChatThread } from "../chat/chat-thread";
import { ApiErrorAlert } from "../orders/api-error-alert";
import { ChatActions } from "./chat-actions";
import type { InboxFilter } from "./inbox-filters";
import { LearnerPanel } from "./learner-panel";
import { getInboxChat, mentorKeys } from "./mentor-calls";

/** One chat from the mentor's side: the thread (the learner's own component, as a mentor) beside who the learner is and what can be done. */
export function ChatPane({ chatId, leader, filter, now }: { chatId: string; leader: boolean; filter: InboxFilter; now: number }) {
  const { t } = useTranslation("mentor");
  const lang = useLang();
  const query = useQuery({
    queryKey: mentorKeys.chat(chatId, lang),
    queryFn: ({ signal }) => orThrow(getInboxChat(chatId, lang, signal)),
  });
  const back = (
    <Link
      to={`/${lang}/mentor/?filter=${filter}`}
      className="inline-flex items-center gap-2 self-start text-sm font-medium text-primary-strong hover:underline md:hidden"
      data-testid="inbox-back"
    >
      <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
      {t("pane.back")}
    </Link>
  );
  if (query.error instanceof ApiFailure) {
    return (
      <div className="flex flex-col gap-3">
        {back}
        <ApiErrorAlert error={query.error.error}>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void query.refetch()}>
            {t("retry")}
          </Button>
        </ApiErrorAlert>
      </div>
    );
  }
  if (!query.data) return <Spinner label={t("loading")} />;
  const detail = query.data;
  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="inbox-chat-pane" data-chat-id={chatId} data-status={detail.status}>
      {back}
      <h2 className="font-title text-2xl font-bold text-ink" data-testid="inbox-chat-title">
        {t("pane.title", { name: detail.student.fullName || t("list.noName") })}
      </h2>
      <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="flex min-h-[28rem] min-w-0 flex-col overflow-hidden rounded-component border border-line bg-surface">
          <ChatThread chatId={chatId} viewer="mentor" />
        </div>
        <aside aria-label={t("pane.aside")} className="flex flex-col gap-6 rounded-component border border-line bg-surface p-4">
          <LearnerPanel detail={detail} now={now} />
          <ChatActions detail={detail} leader={leader} />
        </aside>
      </div>
    </div>
  );
}
