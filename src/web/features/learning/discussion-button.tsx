import { useEffect, useEffectEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { linkedDiscussion, withoutDiscussionParam } from "../discussions/popup-state";
import { useScenario } from "../scenario/use-scenario";

/** What the discussion popup's launcher listens for; it calls preventDefault() when it opens the discussion. */
export const DISCUSSION_OPEN_EVENT = "mentora:discussion-open";
export interface DiscussionOpenDetail {
  discussionId: string | null;
  courseId: string;
  elementId: string;
}

/**
 * The discussion button of lesson, test and webinar pages, rendered only when the element's
 * discussion is active (seed 000 §2.5). The discussion opens only after the login scenario and its
 * finalize step (seed 001 §4): the discussion popup's launcher (features/discussions) answers the
 * event. A notification's link (`?discussion={id}`) takes the same path once the page is hydrated.
 */
export function DiscussionButton(detail: DiscussionOpenDetail) {
  const { t } = useTranslation("learn");
  const engine = useScenario();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const openAfterLogin = (discussionId: string | null) =>
    engine.start("login", {
      finalize: () => {
        engine.close();
        window.dispatchEvent(new CustomEvent<DiscussionOpenDetail>(DISCUSSION_OPEN_EVENT, { detail: { ...detail, discussionId }, cancelable: true }));
      },
    });
  const linked = linkedDiscussion(search);
  const openLinked = useEffectEvent((discussionId: string) => {
    // Read once: the address loses the parameter, so a reload or going back does not open it again.
    void navigate({ pathname, search: withoutDiscussionParam(search), hash }, { replace: true, preventScrollReset: true });
    void openAfterLogin(discussionId);
  });
  useEffect(() => {
    if (linked) openLinked(linked);
  }, [linked]);
  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="outline" onClick={() => void openAfterLogin(detail.discussionId)} data-testid="discussion-button">
        <Icon name="chat" className="size-5" />
        {t("discussion.open")}
      </Button>
    </div>
  );
}
