import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import { ApiErrorAlert } from "../orders/api-error-alert";
import { useFollowDiscussion } from "./use-follow-discussion";

export interface FollowButtonProps {
  discussionId: string;
  /** The thread reply's `following`. */
  following: boolean;
  className?: string;
}

/**
 * "Follow" for a thread (issue 14 "beyond peers"): a toggle button (aria-pressed, a check and filled
 * when on; the name stays the same, as toggle buttons' should). The thread's new posts then come in the
 * learner's discussion e-mails, chosen in the profile. A refusal shows the API error under it and
 * the previous state again.
 */
export function FollowButton({ discussionId, following: initial, className }: FollowButtonProps) {
  const { t } = useTranslation("learn");
  const follow = useFollowDiscussion(discussionId, initial);
  return (
    <div className={className}>
      <Button
        size="sm"
        variant={follow.following ? "flat" : "outline"}
        aria-pressed={follow.following}
        aria-busy={follow.pending || undefined}
        title={t("discussionFollow.hint")}
        onClick={() => void follow.setFollowing(!follow.following)}
        data-testid="discussion-follow"
        data-following={follow.following}
      >
        <Icon name={follow.following ? "check" : "mail"} className="size-4" />
        {t("discussionFollow.follow")}
      </Button>
      {follow.error ? (
        <div className="mt-2" role="alert">
          <ApiErrorAlert error={follow.error} />
        </div>
      ) : null}
    </div>
  );
}
