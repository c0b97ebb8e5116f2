import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "../../i18n/use-translation";
import { orThrow } from "../../lib/api";
import { useLang } from "../../root-data";
import { discussionKeys, getWaiting } from "./discussion-calls";
import { discussionsHref, waitingCountText } from "./discussion-rules";

/** Posts read for the inbox link's badge: past these it says "20+". */
const COUNTED = 20;

/**
 * The inbox header's way to the discussions, with how many learners' posts wait for an answer. The
 * count is the length of one short page of the queue; the inbox's realtime refresh re-reads it.
 */
export function DiscussionsLink() {
  const { t } = useTranslation("mentor");
  const lang = useLang();
  const waiting = useQuery({
    queryKey: discussionKeys.waitingCount(lang),
    queryFn: ({ signal }) => orThrow(getWaiting(lang, undefined, COUNTED, signal)),
  });
  const count = waiting.data ? waitingCountText(waiting.data.items.length, waiting.data.nextCursor !== null) : null;
  return (
    <Link
      to={discussionsHref(lang, "waiting")}
      className="inline-flex items-center gap-2 font-medium text-primary-strong hover:underline"
      data-testid="inbox-discussions-link"
    >
      {t("discussions.link")}
      {count ? (
        <span
          className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-5 font-bold text-white"
          data-testid="inbox-discussions-count"
        >
          <span aria-hidden="true">{count}</span>
          <span className="sr-only">{t("discussions.waitingCount", { shown: count })}</span>
        </span>
      ) : null}
    </Link>
  );
}
