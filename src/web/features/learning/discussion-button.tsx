import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { useScenario } from "../scenario/use-scenario";

/** What the discussion capability listens for; it calls preventDefault() when it opens the discussion. */
export const DISCUSSION_OPEN_EVENT = "mentora:discussion-open";
export interface DiscussionOpenDetail {
  discussionId: string | null;
  courseId: string;
  elementId: string;
}

/**
 * The discussion button of lesson, test and webinar pages, rendered only when the element's
 * discussion is active (seed 000 §2.5). The discussion opens only after the login scenario and its
 * finalize step (seed 001 §4); until the discussion capability answers the event, the learner is
 * told plainly that it is not open yet.
 */
export function DiscussionButton(detail: DiscussionOpenDetail) {
  const { t } = useTranslation("learn");
  const engine = useScenario();
  const [notice, setNotice] = useState(false);
  const open = () => {
    const event = new CustomEvent<DiscussionOpenDetail>(DISCUSSION_OPEN_EVENT, { detail, cancelable: true });
    const unhandled = window.dispatchEvent(event);
    setNotice(unhandled);
  };
  const onClick = () =>
    engine.start("login", {
      finalize: () => {
        engine.close();
        open();
      },
    });
  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="outline" onClick={onClick} data-testid="discussion-button">
        <Icon name="chat" className="size-5" />
        {t("discussion.open")}
      </Button>
      <p role="status" className="text-sm text-muted" data-testid="discussion-notice">
        {notice ? t("discussion.notYet") : null}
      </p>
    </div>
  );
}
