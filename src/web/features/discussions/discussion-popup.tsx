import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import type { TAwardRef } from "../../../domain/award-ref";
import { Dialog } from "../../components/ui/dialog";
import { useTranslation } from "../../i18n/use-translation";
import { QueryScope } from "../../lib/query-client";
import { useLang } from "../../root-data";
import { useAuth } from "../auth/use-auth";
import { isMentorViewer } from "../mentor/mentor-roles";
import { DiscussionList } from "./discussion-list";
import { DiscussionThread } from "./discussion-thread";
import type { DiscussionPopupState, PopupAction, PopupDiscussion } from "./popup-state";
import { useDiscussionThread } from "./use-discussion-thread";

const AwardPopup = lazy(() => import("../rewards/award-popup"));

/** The popup's width on large screens (seed 000 §2.4); full width below it. */
const DISCUSSION_POPUP_WIDTH = 830;

export interface DiscussionPopupProps {
  state: DiscussionPopupState;
  dispatch(action: PopupAction): void;
  /** Where the focus goes back to on closing (the discussion button). */
  onCloseAutoFocus(event: Event): void;
}

/**
 * The discussion popup (seed 000 §2.4, issue 14), loaded when first opened: an 830 px aside at the
 * inline end (mirrored right to left), modal, Escape closes it. It shows the course's discussions, or
 * one thread with a back control to them. An answer that earns an award opens the award-popup over it.
 */
export default function DiscussionPopup(props: DiscussionPopupProps) {
  return (
    <QueryScope>
      <Suspense fallback={null}>
        <Popup {...props} />
      </Suspense>
    </QueryScope>
  );
}

function Popup({ state, dispatch, onCloseAutoFocus }: DiscussionPopupProps) {
  const { t } = useTranslation("discussions");
  const lang = useLang();
  const [title, setTitle] = useState<string | null>(null);
  const [award, setAward] = useState<TAwardRef | null>(null);
  const onListed = useCallback((discussions: PopupDiscussion[]) => dispatch({ type: "listed", discussions }), [dispatch]);
  const { visible, courseId, discussionId } = state;
  // Moving between the list and a thread takes the focus along: to the back control, or back to the line left.
  const [cameFrom, setCameFrom] = useState<{ list: boolean; thread: string | null }>({ list: false, thread: null });
  return (
    <Dialog
      open={visible}
      onOpenChange={(open) => (open ? undefined : dispatch({ type: "close" }))}
      title={discussionId && title ? title : t("list.title")}
      closeLabel={t("close")}
      placement="aside"
      width={DISCUSSION_POPUP_WIDTH}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <div data-testid="discussion-popup" data-view={discussionId ? "thread" : "list"}>
        {discussionId ? (
          <ThreadView
            key={discussionId}
            discussionId={discussionId}
            focusBack={cameFrom.list}
            onTitle={setTitle}
            onBack={() => {
              setCameFrom({ list: false, thread: discussionId });
              dispatch({ type: "list" });
            }}
            onAwards={(a) => setAward(a[0] ?? null)}
            onAskedPrivately={() => dispatch({ type: "close" })}
          />
        ) : courseId ? (
          <DiscussionList
            courseId={courseId}
            lang={lang}
            discussions={state.discussions}
            onListed={onListed}
            focusId={cameFrom.thread}
            onChoose={(id) => {
              setCameFrom({ list: true, thread: null });
              dispatch({ type: "thread", discussionId: id });
            }}
          />
        ) : null}
      </div>
      {award ? (
        <Suspense fallback={null}>
          <AwardPopup award={award} onClose={() => setAward(null)} />
        </Suspense>
      ) : null}
    </Dialog>
  );
}

function ThreadView({
  discussionId,
  focusBack,
  onTitle,
  onBack,
  onAwards,
  onAskedPrivately,
}: {
  discussionId: string;
  focusBack: boolean;
  onTitle(title: string | null): void;
  onBack(): void;
  onAwards(awards: TAwardRef[]): void;
  onAskedPrivately(): void;
}) {
  const { t } = useTranslation("discussions");
  const lang = useLang();
  const { user } = useAuth();
  const thread = useDiscussionThread(discussionId, lang, onAwards);
  const title = thread.state.discussion?.title ?? null;
  // The popup's title names the element whose thread is open.
  useEffect(() => onTitle(title), [title, onTitle]);
  return (
    <DiscussionThread
      thread={thread}
      lang={lang}
      viewer={{ fullName: user.fullName || t("post.you"), avatarUrl: user.avatar?.url ?? null }}
      onBack={onBack}
      focusBack={focusBack}
      moderator={isMentorViewer(user.roles)}
      onAskedPrivately={onAskedPrivately}
    />
  );
}
