import { useTranslation } from "../../i18n/use-translation";
import { Icon } from "../../components/ui/icon";
import { MessageText } from "../chat/message-text";
import { PersonAvatar } from "../notifications/person-avatar";
import { ApiErrorAlert } from "../orders/api-error-alert";
import { actionClass, type Shared } from "./post-card";
import type { PendingPost } from "./thread-state";

/** A post or reply written here that the server has not confirmed: sending, or failed with retry and discard. */
function PendingCard({ pending, thread, viewer }: Pick<Shared, "thread" | "viewer"> & { pending: PendingPost }) {
  const { t } = useTranslation("discussions");
  return (
    <article className="flex gap-3 opacity-90" data-testid="discussion-pending" data-id={pending.id} data-status={pending.status}>
      <PersonAvatar name={viewer.fullName} url={viewer.avatarUrl} className={pending.parentId ? "size-8" : "size-10"} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <bdi className="font-semibold text-ink">{viewer.fullName}</bdi>
          <span className={pending.status === "failed" ? "text-danger" : "text-muted"} role="status">
            {pending.status === "failed" ? t("status.failed") : t("status.sending")}
          </span>
        </p>
        <p dir="auto" className="whitespace-pre-wrap text-ink [overflow-wrap:anywhere]">
          <MessageText text={pending.text} />
        </p>
        {pending.status === "failed" ? (
          <>
            {pending.error ? <ApiErrorAlert error={pending.error} /> : null}
            <div className="-ms-2.5 flex gap-1">
              <button type="button" className={actionClass} onClick={() => thread.retry(pending)} data-testid="discussion-retry">
                <Icon name="refresh" className="size-3.5" />
                {t("status.retry")}
              </button>
              <button type="button" className={actionClass} onClick={() => thread.discard(pending.id)}>
                {t("status.discard")}
              </button>
            </div>
          </>
        ) : null}
      </div>
    </article>
  );
}

/** Pending posts of one place (the thread's top, or one post's replies). */
export function PendingList({ parentId, ...shared }: Pick<Shared, "thread" | "viewer"> & { parentId: string | null }) {
  const mine = shared.thread.state.pending.filter((p) => p.parentId === parentId);
  return mine.map((p) => (
    <li key={p.id}>
      <PendingCard pending={p} {...shared} />
    </li>
  ));
}
