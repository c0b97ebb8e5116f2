import type { TMentorProfile } from "../../../domain/chat";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { humaniseMinutes } from "./reply-time";

export function MentorAvatar({ mentor, size = "size-10" }: { mentor: Pick<TMentorProfile, "fullName" | "avatarUrl">; size?: string }) {
  const initials = mentor.fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0])
    .join("");
  return mentor.avatarUrl ? (
    <img src={mentor.avatarUrl} alt="" className={`${size} shrink-0 rounded-full object-cover`} />
  ) : (
    <span
      aria-hidden="true"
      className={`${size} inline-flex shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-strong`}
    >
      {initials}
    </span>
  );
}

/** "Usually replies in about 2 hours" (median of the last 30 days), or nothing without enough replies. */
export function ReplyTime({ minutes }: { minutes: number | null | undefined }) {
  const { t } = useTranslation("chat");
  const lang = useLang();
  if (minutes === null || minutes === undefined) return null;
  return (
    <span className="text-xs text-muted" data-testid="chat-reply-time">
      {t("mentor.typicalReply", { time: humaniseMinutes(minutes, lang) })}
    </span>
  );
}

/** The one mentor a chat connects to (single mode, a campaign's mentor, or the assigned one). */
export function MentorCard({ mentor }: { mentor: TMentorProfile }) {
  return (
    <div className="flex items-center gap-3" data-testid="chat-mentor-card" data-mentor={mentor.id}>
      <MentorAvatar mentor={mentor} size="size-12" />
      <div className="flex min-w-0 flex-col">
        <span className="font-semibold text-ink">{mentor.fullName}</span>
        {mentor.bio ? <span className="line-clamp-2 text-xs text-muted">{mentor.bio}</span> : null}
        <ReplyTime minutes={mentor.typicalReplyMinutes} />
      </div>
    </div>
  );
}
