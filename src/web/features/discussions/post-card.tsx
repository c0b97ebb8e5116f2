import { Suspense, useRef, useState } from "react";
import type { TDiscussionReply } from "../../../domain/discussion";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { Icon } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import type { ApiError } from "../../lib/api";
import { MessageText } from "../chat/message-text";
import { DiscussionModeration } from "../mentor/discussion-moderation";
import { PersonAvatar } from "../notifications/person-avatar";
import { relativeTime } from "../notifications/relative-time";
import { ApiErrorAlert } from "../orders/api-error-alert";
import { PostComposer } from "./post-composer";
import { ReportForm } from "./report-form";
import type { DiscussionThreadApi, Outcome } from "./use-discussion-thread";

export interface Shared {
  thread: DiscussionThreadApi;
  now: number;
  lang: string;
  viewer: { fullName: string; avatarUrl: string | null };
  /** A mentor reads: pin, hide and restore under each post (the mentors' own screens' moves). */
  moderator: boolean;
}

export const actionClass =
  "inline-flex min-h-8 items-center gap-1 rounded-full px-2.5 text-xs font-semibold text-primary-strong hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-primary";

type Mode = null | "edit" | "delete" | "report";

/** The name, badges and time of a post; the text, a deleted placeholder or the moderator's note. */
function PostHead({ post, now, lang }: { post: TDiscussionReply; now: number; lang: string }) {
  const { t } = useTranslation("discussions");
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <bdi className="font-semibold text-ink" data-testid="discussion-author">
        {post.author.fullName}
      </bdi>
      {post.author.isMentor ? <Badge>{t("post.mentor")}</Badge> : null}
      {post.pinned ? (
        <span data-testid="discussion-answer-badge">
          <Badge tone="success">{t("post.answer")}</Badge>
        </span>
      ) : null}
      <time dateTime={post.createdAt} className="text-muted">
        {relativeTime(post.createdAt, now, lang)}
      </time>
      {post.editedAt ? (
        <span className="text-muted" data-testid="discussion-edited">
          · {t("post.edited")}
        </span>
      ) : null}
    </p>
  );
}

/**
 * One post or reply: who wrote it and when, its text (plain, http(s) links only), and what the viewer
 * may do with it: reply (top-level posts), edit and delete (their own, delete after a confirmation),
 * report (somebody else's).
 */
export function PostCard({ post, onReply, thread, now, lang, moderator }: Shared & { post: TDiscussionReply; onReply?: () => void }) {
  const { t } = useTranslation("discussions");
  const [mode, setMode] = useState<Mode>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [reported, setReported] = useState(false);
  const actions = useRef<HTMLDivElement>(null);
  const close = (focus: string | null) => {
    setMode(null);
    setError(null);
    // Focus goes back to the button that opened the form.
    if (focus) requestAnimationFrame(() => actions.current?.querySelector<HTMLElement>(`[data-action="${focus}"]`)?.focus());
  };
  const run = async (work: () => Promise<Outcome>) => {
    setBusy(true);
    const res = await work();
    setBusy(false);
    if (!res.ok) setError(res.error);
    return res.ok;
  };
  const live = !post.deleted;
  return (
    <article
      className={cn("flex gap-3", post.pinned && "rounded-xl bg-success/5 p-2 ring-1 ring-success/40")}
      aria-label={t("post.by", { name: post.author.fullName })}
      data-testid={post.parentId ? "discussion-reply" : "discussion-post"}
      data-id={post.id}
      data-mine={post.mine ? "true" : undefined}
      data-hidden={post.hidden ? "true" : undefined}
      data-deleted={post.deleted ? "true" : undefined}
      data-pinned={post.pinned ? "true" : undefined}
    >
      {live ? <PersonAvatar name={post.author.fullName} url={post.author.avatarUrl} className={post.parentId ? "size-8" : "size-10"} /> : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {live ? <PostHead post={post} now={now} lang={lang} /> : null}
        {post.hidden ? (
          <div className="flex items-start gap-2 rounded-xl bg-danger/5 p-2 text-sm text-danger" data-testid="discussion-hidden">
            <Icon name="lock" className="mt-0.5 size-4 shrink-0" />
            <p>
              {t("post.hidden")}
              {post.hiddenReason ? (
                <>
                  {" "}
                  <bdi dir="auto">{t("post.hiddenReason", { reason: post.hiddenReason })}</bdi>
                </>
              ) : null}
            </p>
          </div>
        ) : null}
        {post.deleted ? (
          <p className="text-sm italic text-muted" data-testid="discussion-deleted">
            {t("post.deleted")}
          </p>
        ) : mode === "edit" ? (
          <PostComposer
            label={t("composer.editLabel")}
            submitLabel={t("composer.save")}
            initial={post.text}
            busy={busy}
            focusOnOpen
            testId="discussion-edit-form"
            onCancel={() => close("edit")}
            onSubmit={async (text) => {
              const ok = await run(() => thread.edit(post.id, text));
              if (ok) close("edit");
              return false;
            }}
          />
        ) : (
          <p dir="auto" className="whitespace-pre-wrap text-ink [overflow-wrap:anywhere]" data-testid="discussion-text">
            <MessageText text={post.text} />
          </p>
        )}
        {error ? <ApiErrorAlert error={error} /> : null}
        {mode === "delete" ? (
          <div
            className="flex flex-wrap items-center gap-2 rounded-xl border border-danger/40 bg-danger/5 p-2 text-sm"
            role="group"
            aria-label={t("actions.delete")}
          >
            <span className="text-ink">{t("actions.confirmDelete")}</span>
            <Button
              variant="danger"
              size="sm"
              disabled={busy}
              onClick={() => void run(() => thread.remove(post.id)).then((ok) => ok && setMode(null))}
              data-testid="discussion-delete-confirm"
            >
              {t("actions.delete")}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => close("delete")}>
              {t("composer.cancel")}
            </Button>
          </div>
        ) : null}
        {mode === "report" ? (
          <ReportForm
            onReport={(reason) => thread.report(post.id, reason)}
            onDone={(done) => {
              if (done) setReported(true);
              close(done ? null : "report");
            }}
          />
        ) : null}
        {reported ? (
          <p role="status" className="text-sm text-success" data-testid="discussion-reported">
            {t("report.thanks")}
          </p>
        ) : null}
        {live && mode === null ? (
          <div ref={actions} className="-ms-2.5 flex flex-wrap gap-1">
            {onReply ? (
              <button type="button" className={actionClass} onClick={onReply} data-action="reply" data-testid="discussion-reply-open">
                {t("actions.reply")}
              </button>
            ) : null}
            {post.mine ? (
              <>
                <button type="button" className={actionClass} onClick={() => setMode("edit")} data-action="edit" data-testid="discussion-edit">
                  {t("actions.edit")}
                </button>
                <button type="button" className={actionClass} onClick={() => setMode("delete")} data-action="delete" data-testid="discussion-delete">
                  {t("actions.delete")}
                </button>
              </>
            ) : reported ? null : (
              <button type="button" className={actionClass} onClick={() => setMode("report")} data-action="report" data-testid="discussion-report">
                {t("actions.report")}
              </button>
            )}
          </div>
        ) : null}
        {moderator && mode === null ? (
          <Suspense fallback={null}>
            <DiscussionModeration entry={post} onDone={() => thread.refreshPost(post.id)} />
          </Suspense>
        ) : null}
      </div>
    </article>
  );
}
