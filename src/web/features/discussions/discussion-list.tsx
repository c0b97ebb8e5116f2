import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { Spinner } from "../../components/ui/spinner";
import { useTranslation } from "../../i18n/use-translation";
import { ApiFailure, orThrow } from "../../lib/api";
import { ELEMENT_ICON } from "../learning/element-type";
import { ApiErrorAlert } from "../orders/api-error-alert";
import { discussionKeys, getDiscussions } from "./discussion-calls";
import type { PopupDiscussion } from "./popup-state";

export interface DiscussionListProps {
  courseId: string;
  lang: string;
  discussions: PopupDiscussion[] | null;
  onListed(discussions: PopupDiscussion[]): void;
  onChoose(discussionId: string): void;
  /** The line to focus once shown (the thread the learner came back from). */
  focusId?: string | null;
}

/**
 * Seed 000 §2.4: the course's elements with an active discussion, each with its number, type and
 * title and whether the learner has started it; choosing one opens its thread. Read again on every
 * visit (a post just written starts its discussion).
 */
export function DiscussionList({ courseId, lang, discussions, onListed, onChoose, focusId = null }: DiscussionListProps) {
  const { t } = useTranslation(["discussions", "learn"]);
  const query = useQuery({
    queryKey: discussionKeys.list(courseId, lang),
    queryFn: ({ signal }) => orThrow(getDiscussions(courseId, lang, signal)),
  });
  useEffect(() => {
    if (query.data) onListed(query.data.items);
  }, [query.data, onListed]);
  const list = useRef<HTMLUListElement>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (focused.current || !focusId || !discussions) return;
    focused.current = true;
    list.current?.querySelector<HTMLElement>(`[data-discussion="${CSS.escape(focusId)}"]`)?.focus();
  }, [focusId, discussions]);

  if (query.error instanceof ApiFailure)
    return (
      <ApiErrorAlert error={query.error.error}>
        <Button size="sm" variant="outline" className="mt-2" onClick={() => void query.refetch()}>
          {t("thread.retry")}
        </Button>
      </ApiErrorAlert>
    );
  if (!discussions) return <Spinner label={t("thread.loading")} />;
  if (discussions.length === 0)
    return (
      <p className="text-center text-muted" data-testid="discussion-list-empty">
        {t("list.empty")}
      </p>
    );
  return (
    <ul ref={list} className="flex flex-col gap-2" aria-label={t("list.label")} data-testid="discussion-list">
      {discussions.map((d) => (
        <li key={d.discussionId}>
          <button
            type="button"
            onClick={() => onChoose(d.discussionId)}
            className="flex w-full items-center gap-4 rounded-component border border-line bg-surface p-4 text-start hover:border-primary hover:bg-primary-soft/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            data-testid="discussion-list-item"
            data-discussion={d.discussionId}
            data-started={d.started ? "true" : "false"}
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft font-title text-lg font-bold text-primary-strong">
              {d.number}
            </span>
            <span className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="inline-flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-muted">
                <Icon name={ELEMENT_ICON[d.type]} className="size-3.5" />
                {t(`learn:element.type.${d.type}`)}
              </span>
              <span dir="auto" className="font-semibold text-ink">
                {d.title}
              </span>
            </span>
            {d.started ? (
              <Badge tone="success">
                <Icon name="check" className="me-1 size-3.5" />
                {t("list.started")}
              </Badge>
            ) : null}
            <Icon name="arrow-end" className="size-5 shrink-0 text-muted rtl:-scale-x-100" />
          </button>
        </li>
      ))}
    </ul>
  );
}
