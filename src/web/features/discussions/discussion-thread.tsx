import { Suspense, useEffect, useRef, useState } from "react";
import type { TMentorProfile } from "../../../domain/chat";
import type { TDiscussionInfo } from "../../../domain/discussion";
import { Button } from "../../components/ui/button";
import { MoreButton } from "../../components/ui/more-button";
import { Icon } from "../../components/ui/icon";
import { Spinner } from "../../components/ui/spinner";
import { useTranslation } from "../../i18n/use-translation";
import { useNow } from "../live/use-now";
import { MentorPicker } from "../chat/mentor-picker";
import { useAskMentorPrivately } from "../chat/use-ask-mentor-privately";
import { FollowButton } from "../discussion-follow/follow-button";
import { ApiErrorAlert } from "../orders/api-error-alert";
import { PostComposer } from "./post-composer";
import { PendingList } from "./pending-post";
import { PostEntry } from "./post-entry";
import { PrivateSwitch } from "./private-switch";
import type { DiscussionThreadApi } from "./use-discussion-thread";

export interface DiscussionThreadProps {
  thread: DiscussionThreadApi;
  lang: string;
  viewer: { fullName: string; avatarUrl: string | null };
  /** The back control to the course's list. */
  onBack(): void;
  /** The thread was chosen from the list: the focus starts on the back control. */
  focusBack?: boolean;
  /** A mentor reads: moderation moves under each post; a learner may ask their mentor privately instead. */
  moderator: boolean;
  /** The question went to the chat (the popup closes so that the chat shows). */
  onAskedPrivately(): void;
}

/** Where the thread is: the element's type, number and title, and its course. */
function ThreadHeader({
  discussion,
  following,
  onBack,
  focusBack,
}: {
  discussion: TDiscussionInfo | null;
  following: boolean;
  onBack(): void;
  focusBack?: boolean;
}) {
  const { t } = useTranslation(["discussions", "learn"]);
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusBack) back.current?.focus();
  }, [focusBack]);
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <button
          ref={back}
          type="button"
          onClick={onBack}
          className="inline-flex items-center gap-2 self-start rounded-full text-sm font-medium text-primary-strong hover:underline focus-visible:outline-2 focus-visible:outline-primary"
          data-testid="discussion-back"
        >
          <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
          {t("thread.back")}
        </button>
        {discussion ? (
          <p className="text-sm text-muted" data-testid="discussion-where">
            {t(`learn:element.type.${discussion.type}`)} {discussion.number} · <bdi>{discussion.courseTitle}</bdi>
          </p>
        ) : null}
      </div>
      {discussion ? <FollowButton discussionId={discussion.id} following={following} /> : null}
    </div>
  );
}

/**
 * One discussion: where it is, the form for a new post, and the posts, newest activity first, with
 * "older posts" while there are more. A post written here shows at once as sending.
 */
export function DiscussionThread({ thread, lang, viewer, onBack, focusBack, moderator, onAskedPrivately }: DiscussionThreadProps) {
  const { t } = useTranslation("discussions");
  const now = useNow();
  const { state, loadError } = thread;
  const shared = { thread, now, lang, viewer, moderator };
  const asking = useAskMentorPrivately();
  const [privately, setPrivately] = useState(false);
  // A learner without a chat where the portal lets them choose: the mentors to pick from, and the pick.
  const [choice, setChoice] = useState<{ mentors: TMentorProfile[]; picked: string | null } | null>(null);
  const submit = async (text: string) => {
    if (!privately || !state.discussion) {
      thread.send(text, null);
      return true;
    }
    const { courseId, elementId, type } = state.discussion;
    const res = await asking.ask({ text, courseId, elementId, type, mentorId: choice?.picked ?? undefined });
    if (res.ok) onAskedPrivately();
    else if (res.mentors) setChoice({ mentors: res.mentors, picked: null });
    return res.ok;
  };
  return (
    <div className="flex flex-col gap-5" data-testid="discussion-thread" data-loaded={state.loaded ? "true" : "false"}>
      <ThreadHeader discussion={state.discussion} following={state.following} onBack={onBack} focusBack={focusBack} />
      {loadError ? (
        <ApiErrorAlert error={loadError}>
          {loadError.status === 403 || loadError.status === 404 ? null : (
            <Button size="sm" variant="outline" className="mt-2" onClick={() => void thread.retryLoad()}>
              {t("thread.retry")}
            </Button>
          )}
        </ApiErrorAlert>
      ) : null}
      {!state.loaded ? (
        loadError ? null : (
          <Spinner label={t("thread.loading")} />
        )
      ) : (
        <>
          <section aria-label={t("composer.postLabel")} className="rounded-component border border-line p-3">
            <PostComposer
              label={t("composer.postLabel")}
              submitLabel={privately ? t("composer.sendPrivately") : t("composer.send")}
              busy={thread.sending || asking.pending}
              testId="discussion-composer"
              onSubmit={submit}
            >
              {moderator ? null : (
                <PrivateSwitch
                  checked={privately}
                  onChange={(on) => {
                    setPrivately(on);
                    asking.reset();
                  }}
                />
              )}
            </PostComposer>
            {privately && choice ? (
              <Suspense fallback={null}>
                <div className="mt-3">
                  <MentorPicker
                    mentors={choice.mentors}
                    selected={choice.picked}
                    onSelect={(id) => {
                      setChoice({ ...choice, picked: id });
                      asking.reset();
                    }}
                  />
                </div>
              </Suspense>
            ) : null}
            {asking.error ? (
              <div className="mt-2" role="alert" data-testid="discussion-private-error">
                <ApiErrorAlert error={asking.error} />
              </div>
            ) : null}
          </section>
          {state.items.length === 0 && state.pending.length === 0 ? (
            <p className="text-center text-muted" data-testid="discussion-empty">
              {t("thread.empty")}
            </p>
          ) : (
            <ul className="flex flex-col gap-4" aria-label={t("thread.posts")} data-testid="discussion-posts">
              <PendingList parentId={null} thread={thread} viewer={viewer} />
              {state.items.map((entry) => (
                <PostEntry key={entry.id} entry={entry} {...shared} />
              ))}
            </ul>
          )}
          {state.nextCursor ? (
            <MoreButton
              size="sm"
              busy={thread.loadingOlder}
              onMore={() => void thread.loadOlder()}
              label={t("thread.older")}
              busyLabel={t("thread.loading")}
              data-testid="discussion-older"
            />
          ) : null}
        </>
      )}
    </div>
  );
}
