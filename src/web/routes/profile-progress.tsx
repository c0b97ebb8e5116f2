import { useTranslation } from "../i18n/use-translation";
import { Link, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { isAppError } from "../../domain/errors";
import { PROGRESS_TABS, isProgressTab } from "../../domain/progress-rules";
import { ButtonLink } from "../components/ui/button";
import { cn } from "../components/ui/cn";
import { Icon } from "../components/ui/icon";
import { throwNotFound } from "../features/errors/error-pages.server";
import { learnT } from "../features/learning/learning.server";
import { ownProgress, profileUser } from "../features/learning/profile.server";
import { ProgressCourseList } from "../features/learning/progress-course-list";
import { redirect } from "../redirect.server";
import { useLang } from "../root-data";

/**
 * /{lang}/profile/progress and /profile/progress/{tabId}: the learner's courses, by tab (under way,
 * finished, all), a page at a time: `?after=` is the previous page's cursor, so every page is a link.
 */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const lang = params.lang!;
  const tab = params.tabId ?? "active";
  if (!isProgressTab(tab)) return throwNotFound(context, lang);
  const user = await profileUser(context, request, lang);
  const url = new URL(request.url);
  const after = url.searchParams.get("after") ?? undefined;
  const progress = await ownProgress(context, user, { lang, tab, after }).catch((e: unknown) => {
    // A cut or made-up link starts the list again rather than ending on an error page.
    if (isAppError(e, "PROGRESS_CURSOR_INVALID")) throw redirect(url.pathname);
    throw e;
  });
  const t = await learnT(context, lang);
  return {
    tab,
    courses: progress.courses,
    nextCursor: progress.nextCursor,
    paged: after !== undefined,
    seo: [{ title: t("progress.title") }, { name: "robots", content: "noindex" }],
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.seo ?? [];

export default function ProfileProgress() {
  const { tab, courses, nextCursor, paged } = useLoaderData<typeof loader>();
  const { t } = useTranslation("learn");
  const lang = useLang();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10" data-testid="profile-progress" data-tab={tab}>
      <Link to={`/${lang}/profile`} className="inline-flex items-center gap-2 self-start text-sm font-medium text-primary-strong hover:underline">
        <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
        {t("profile.title")}
      </Link>
      <h1 className="font-title text-3xl font-bold text-ink">{t("progress.title")}</h1>
      <nav aria-label={t("progress.tabs")}>
        <ul className="flex flex-wrap gap-2">
          {PROGRESS_TABS.map((id) => (
            <li key={id}>
              <Link
                to={`/${lang}/profile/progress/${id}`}
                aria-current={id === tab ? "page" : undefined}
                className={cn(
                  "inline-flex rounded-full px-4 py-2 text-sm font-semibold",
                  id === tab ? "bg-primary text-white" : "bg-surface-alt text-ink hover:bg-primary-soft",
                )}
              >
                {t(`progress.tab.${id}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {courses.length === 0 ? <p className="text-muted">{t(`progress.empty.${tab}`)}</p> : <ProgressCourseList courses={courses} />}
      {nextCursor || paged ? (
        <nav aria-label={t("progress.pager.label")} className="flex flex-wrap items-center justify-between gap-3" data-testid="progress-pager">
          {paged ? (
            <Link
              to={`/${lang}/profile/progress/${tab}`}
              className="inline-flex items-center gap-2 font-medium text-primary-strong hover:underline"
              data-testid="progress-first"
            >
              <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
              {t("progress.pager.first")}
            </Link>
          ) : (
            <span />
          )}
          {nextCursor ? (
            <ButtonLink to={`/${lang}/profile/progress/${tab}?after=${encodeURIComponent(nextCursor)}`} variant="outline" size="sm" data-testid="progress-next">
              {t("progress.pager.next")}
              <Icon name="arrow-end" className="size-4 rtl:-scale-x-100" />
            </ButtonLink>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
