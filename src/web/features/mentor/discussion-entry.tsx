import type { TDiscussionReply } from "../../../domain/discussion";
import { Badge } from "../../components/ui/badge";
import { cn } from "../../components/ui/cn";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { MessageText } from "../chat/message-text";
import { PersonAvatar } from "../notifications/person-avatar";
import { relativeTime } from "../notifications/relative-time";
import { DiscussionModeration } from "./discussion-moderation";

/**
 * One post or reply as a mentor sees it: author, avatar, mentor badge, relative time, the text as
 * typed (text nodes and safe links, never HTML), hidden ones marked with the reason, and the actions.
 */
export function DiscussionEntry({ entry, now }: { entry: TDiscussionReply; now: number }) {
  const { t } = useTranslation("mentor");
  const lang = useLang();
  const reply = entry.parentId !== null;
  return (
    <div
      className={cn("flex gap-3", entry.hidden && "rounded-component border border-dashed border-warning p-3")}
      data-testid={reply ? "discussion-reply" : "discussion-post"}
      data-post-id={entry.id}
      data-hidden={entry.hidden ? "true" : "false"}
      data-pinned={entry.pinned ? "true" : "false"}
    >
      <PersonAvatar name={entry.author.fullName} url={entry.author.avatarUrl} className={reply ? "size-8" : "size-10"} />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span dir="auto" className="font-semibold text-ink" data-testid="discussion-author">
            {entry.author.fullName || t("list.noName")}
          </span>
          {entry.author.isMentor ? <Badge>{t("discussions.mentorBadge")}</Badge> : null}
          {entry.pinned ? <Badge tone="success">{t("discussions.pinned")}</Badge> : null}
          <time dateTime={entry.createdAt} className="text-xs text-muted">
            {relativeTime(entry.createdAt, now, lang)}
          </time>
        </p>
        {entry.hidden ? (
          <p className="text-sm font-semibold text-warning" data-testid="discussion-hidden">
            {t("discussions.hidden")} <bdi data-testid="discussion-hidden-reason">{entry.hiddenReason}</bdi>
          </p>
        ) : null}
        {entry.deleted ? (
          <p className="text-sm text-muted italic">{t("discussions.deleted")}</p>
        ) : (
          <p dir="auto" className="whitespace-pre-wrap text-ink [overflow-wrap:anywhere]" data-testid="discussion-text">
            <MessageText text={entry.text} />
          </p>
        )}
        <DiscussionModeration entry={entry} />
      </div>
    </div>
  );
}
