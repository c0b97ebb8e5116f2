import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { Icon } from "../../components/ui/icon";
import { PersonAvatar } from "../notifications/person-avatar";
import { notificationHref } from "../notifications/notification-links";
import type { TInboxChatDetail } from "./mentor-calls";
import { utmFacts } from "./arrival-facts";
import { WaitBadge } from "./wait-badge";

/**
 * Who the learner is, from the mentor's side: name, e-mail, where they arrived from (utm), their
 * course progress, and how long they have waited against the 24-hour promise.
 */
export function LearnerPanel({ detail, now }: { detail: TInboxChatDetail; now: number }) {
  const { t } = useTranslation("mentor");
  const { student } = detail;
  const progress = notificationHref(student.progressPath);
  const arrival = student.utm.at(-1) ?? null;
  const facts = arrival ? utmFacts(arrival) : [];
  return (
    <section aria-labelledby="learner-panel-title" className="flex flex-col gap-4" data-testid="learner-panel">
      <div className="flex items-center gap-3">
        <PersonAvatar name={student.fullName} url={student.avatarUrl} className="size-12" />
        <div className="min-w-0">
          <h3 id="learner-panel-title" className="truncate font-title text-lg font-bold text-ink" data-testid="learner-name">
            {student.fullName || t("list.noName")}
          </h3>
          {student.email ? (
            <a href={`mailto:${student.email}`} className="block truncate text-sm text-primary-strong hover:underline" dir="ltr" data-testid="learner-email">
              {student.email}
            </a>
          ) : (
            <p className="text-sm text-muted">{t("panel.noEmail")}</p>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-ink">{t("panel.waiting")}</p>
        {detail.waitingSince ? (
          <WaitBadge waitingSince={detail.waitingSince} now={now} size="md" />
        ) : (
          <p className="text-sm text-muted" data-testid="learner-answered">
            {t("panel.answered")}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-ink">{t("panel.arrival")}</p>
        {facts.length > 0 ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="learner-utm">
            {facts.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="text-muted">{t(`panel.utm.${key}`, { defaultValue: key })}</dt>
                <dd className="break-words text-ink" dir="auto">
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-muted">{t("panel.noArrival")}</p>
        )}
      </div>
      {progress ? (
        <Link to={progress} className="inline-flex items-center gap-2 text-sm font-semibold text-primary-strong hover:underline" data-testid="learner-progress">
          <Icon name="list" className="size-4" />
          {t("panel.progress")}
        </Link>
      ) : null}
    </section>
  );
}
