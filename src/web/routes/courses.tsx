import { useTranslation } from "../i18n/use-translation";
import { toCourseCardProps } from "../../domain/blocks/course-format";
import { CATALOGUE_PAGE_SIZE, ZCourseListQuery } from "../../domain/course";
import { AppError } from "../../domain/errors";
import type { Route } from "./+types/courses";
import { CourseCard } from "../features/blocks/course-card";
import { learnT, learningFailure, learningSeo, listPagingLinks, listPagingParams, requestViewer } from "../features/learning/learning.server";
import { CourseProgressNote } from "../features/learning/course-progress-note";
import { ListPager } from "../features/learning/list-pager";
import type { PacksHandle } from "../i18n/page-packs";

/**
 * /{lang}/courses/: the catalogue (seed 000 §7 list courses, with the caller's bought flag and done
 * count), CATALOGUE_PAGE_SIZE cards a page (issue 30): `?after=` / `?before=` carry the list's cursors.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const viewer = await requestViewer(context);
  const asked = listPagingParams(request);
  let page;
  try {
    const q = ZCourseListQuery.safeParse({ lang: params.lang, rel: "all", limit: CATALOGUE_PAGE_SIZE, ...asked });
    // A broken or doctored page link: the list's typed refusal (a missing page), never a failure.
    if (!q.success) throw new AppError("CURSOR_INVALID", "The catalogue page address is not valid");
    page = await context.services.courses.listCourses(viewer, q.data);
  } catch (e) {
    return learningFailure(e, context, params.lang);
  }
  const t = await learnT(context, params.lang);
  const links = listPagingLinks(context, request, asked, page);
  const seo = await learningSeo(context, request, params.lang, {
    kind: "page",
    title: t("catalogue.title"),
    description: t("catalogue.description"),
    path: links.path,
  });
  return { courses: page.courses, prev: links.prev, next: links.next, seo: [...seo, ...links.head] };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.seo ?? [];

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["learn", "blocks"] };

export default function Courses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("learn");
  const { courses, prev, next } = loaderData;
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="font-title text-3xl font-bold text-ink sm:text-4xl">{t("catalogue.title")}</h1>
        <p className="max-w-3xl text-lg text-muted">{t("catalogue.description")}</p>
      </header>
      {courses.length === 0 ? (
        <p className="text-muted" data-testid="catalogue-empty">
          {t("catalogue.empty")}
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="catalogue">
          {courses.map((c, i) => (
            <li key={c.id} className="flex flex-col gap-2">
              {/* The first row is in the first screen; the first cover is the page's largest image. */}
              <CourseCard
                course={toCourseCardProps(c)}
                headingLevel={2}
                cover={i === 0 ? "high" : i < 3 ? "eager" : "lazy"}
                // Per viewer (rel=all): a guest's render, the only kind the page cache keeps, never has it.
                bought={c.isCommercial && (c.isBought ?? false)}
              />
              <CourseProgressNote isBought={c.isBought ?? false} isCommercial={c.isCommercial} doneCount={c.doneCount ?? 0} total={c.elementsCount} />
            </li>
          ))}
        </ul>
      )}
      <ListPager
        label={t("catalogue.pages.label")}
        prev={prev ? { href: prev, text: t("catalogue.pages.previous") } : null}
        next={next ? { href: next, text: t("catalogue.pages.next") } : null}
        testId="catalogue-pages"
      />
    </div>
  );
}
