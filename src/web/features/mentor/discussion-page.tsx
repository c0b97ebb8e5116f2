import { Link, useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { CHAT_TIMERS, INBOX_TOPIC } from "../../../domain/chat-rules";
import { cn } from "../../components/ui/cn";
import { useTranslation } from "../../i18n/use-translation";
import { MentorPageHeader } from "./mentor-page-header";
import { useLang } from "../../root-data";
import { useLiveTopics } from "../live/use-live-topics";
import { useNow } from "../live/use-now";
import { discussionKeys } from "./discussion-calls";
import { DiscussionQueue } from "./discussion-queue";
import { DiscussionReports } from "./discussion-reports";
import { DISCUSSION_TABS, discussionsHref, parseDiscussionTab, parseReportStatus } from "./discussion-rules";
import type { InboxViewer } from "./mentor-roles";

/**
 * /{lang}/mentor/discussions/ (issue 14): the mentors' side of the element discussions, two tabs as
 * links (the inbox filters' pattern): the learners' posts waiting for an answer, and learners'
 * reports. Live through `inbox:{portalId}` (kinds `discussion` and `discussion-report`): every
 * event re-reads both lists through the API.
 */
export function DiscussionsPage({ viewer }: { viewer: InboxViewer }) {
  const { t } = useTranslation("mentor");
  const lang = useLang();
  const [params] = useSearchParams();
  const tab = parseDiscussionTab(params.get("tab"));
  const status = parseReportStatus(params.get("status"));
  const now = useNow();
  const client = useQueryClient();
  useLiveTopics(
    [INBOX_TOPIC(viewer.portalId)],
    () => void client.invalidateQueries({ queryKey: discussionKeys.all }),
    // Seed §9 "update polling 30 s", while the socket is down.
    CHAT_TIMERS.updatePollMs,
  );
  return (
    <div className="flex flex-col gap-6" data-testid="mentor-discussions" data-tab={tab}>
      <MentorPageHeader icon="chat" title={t("discussions.title")} />
      <nav aria-label={t("discussions.tabs.label")}>
        <ul className="flex flex-wrap gap-2 border-b border-line">
          {DISCUSSION_TABS.map((name) => (
            <li key={name}>
              <Link
                to={discussionsHref(lang, name)}
                aria-current={name === tab ? "page" : undefined}
                className={cn(
                  "-mb-px inline-flex min-h-11 items-center border-b-2 px-4 font-semibold",
                  name === tab ? "border-primary text-primary-strong" : "border-transparent text-muted hover:text-ink",
                )}
                data-testid={`discussion-tab-${name}`}
              >
                {t(`discussions.tabs.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === "waiting" ? <DiscussionQueue now={now} /> : <DiscussionReports status={status} now={now} />}
    </div>
  );
}
