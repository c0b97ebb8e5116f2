import { Link } from "react-router";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { useTranslation } from "../../i18n/use-translation";
import { ApiFailure, orThrow } from "../../lib/api";
import { useLang } from "../../root-data";
import { PersonAvatar } from "../notifications/person-avatar";
import { relativeTime } from "../notifications/relative-time";
import { ApiErrorAlert } from "../orders/api-error-alert";
import { discussionKeys, getReports, resolveReport, type TReportItem } from "./discussion-calls";
import { DiscussionEntry } from "./discussion-entry";
import { PagedList } from "./discussion-paged-list";
import { discussionsHref, REPORT_STATUSES, type ReportStatus } from "./discussion-rules";
import { joinInboxPages } from "./inbox-filters";

/** One report: who reported, why, when; the reported post with hide or restore; resolve (dismiss) while open. */
function ReportItem({ report, now }: { report: TReportItem; now: number }) {
  const { t } = useTranslation("mentor");
  const lang = useLang();
  const client = useQueryClient();
  const resolve = useMutation({
    mutationFn: () => orThrow(resolveReport(report.id, lang)),
    onSuccess: () => client.invalidateQueries({ queryKey: discussionKeys.all }),
  });
  const open = report.resolvedAt === null;
  return (
    <article
      className="flex flex-col gap-4 rounded-component border border-line bg-surface p-4 sm:p-5"
      data-testid="discussion-report"
      data-report-id={report.id}
      data-post-id={report.postId}
      data-status={open ? "open" : "resolved"}
    >
      <header className="flex gap-3">
        <PersonAvatar name={report.reporter.fullName} url={report.reporter.avatarUrl} className="size-8" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="flex flex-wrap items-center gap-x-2 text-sm">
            <span className="text-muted">{t("discussions.report.by")}</span>
            <span dir="auto" className="font-semibold text-ink" data-testid="discussion-reporter">
              {report.reporter.fullName || t("list.noName")}
            </span>
            <time dateTime={report.createdAt} className="text-xs text-muted">
              {relativeTime(report.createdAt, now, lang)}
            </time>
            {open ? null : <span className="text-xs font-semibold text-success">{t("discussions.report.resolved")}</span>}
          </p>
          <p dir="auto" className="whitespace-pre-wrap text-ink [overflow-wrap:anywhere]" data-testid="discussion-report-reason">
            <span className="font-semibold">{t("discussions.report.reason")}</span> <bdi>{report.reason}</bdi>
          </p>
        </div>
      </header>
      <div className="rounded-component bg-surface-alt p-3">
        <DiscussionEntry entry={report.post} now={now} />
      </div>
      {open ? (
        <div className="flex flex-col gap-2">
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            disabled={resolve.isPending}
            onClick={() => resolve.mutate()}
            data-testid="discussion-report-resolve"
          >
            {t("discussions.report.resolve")}
          </Button>
          {resolve.error instanceof ApiFailure ? <ApiErrorAlert error={resolve.error.error} /> : null}
        </div>
      ) : null}
    </article>
  );
}

/** "Reports": learners' reports of posts, oldest first, open ones by default; paged by the server's cursor. */
export function DiscussionReports({ status, now }: { status: ReportStatus; now: number }) {
  const { t } = useTranslation("mentor");
  const lang = useLang();
  const query = useInfiniteQuery({
    queryKey: discussionKeys.reports(status, lang),
    queryFn: ({ pageParam, signal }) => orThrow(getReports(status, lang, pageParam, signal)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const reports = joinInboxPages(query.data?.pages ?? []);
  return (
    <section aria-labelledby="discussion-reports-title" className="flex flex-col gap-4" data-testid="discussion-reports">
      <h2 id="discussion-reports-title" className="sr-only">
        {t("discussions.tabs.reports")}
      </h2>
      <nav aria-label={t("discussions.report.filter")}>
        <ul className="flex flex-wrap gap-2">
          {REPORT_STATUSES.map((s) => (
            <li key={s}>
              <Link
                to={discussionsHref(lang, "reports", s)}
                aria-current={s === status ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-9 items-center rounded-full border px-4 text-sm font-semibold",
                  s === status ? "border-primary bg-primary text-white" : "border-line text-ink hover:bg-surface-alt",
                )}
                data-testid={`discussion-reports-${s}`}
              >
                {t(`discussions.report.status.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <PagedList
        query={query}
        items={reports}
        keyOf={(r) => r.id}
        render={(r) => <ReportItem report={r} now={now} />}
        empty={t(`discussions.empty.${status}`)}
        testId="discussion-reports"
      />
    </section>
  );
}
