import { useTranslation } from "../i18n/use-translation";
import { toCourseCardProps } from "../../domain/blocks/course-format";
import { ZCourseListQuery } from "../../domain/course";
import type { Route } from "./+types/courses";
import { CourseCard } from "../features/blocks/course-card";
import { learnT, learningFailure, learningSeo, requestViewer } from "../features/learning/learning.server";
import { CourseProgressNote } from "../features/learning/course-progress-note";
import type { PacksHandle } from "../i18n/page-packs";

/** /{lang}/courses/: the catalogue (seed 000 §7 list courses, with the caller's bought flag and done count). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const viewer = await requestViewer(context);
  let courses;
  try {
    courses = await context.services.courses.listCourses(viewer, ZCourseListQuery.parse({ lang: params.lang, rel: "all" }));
  } catch (e) {
    return learningFailure(e, context, params.lang);
  }
  const t = await learnT(context, params.lang);
  return {
    courses,
    seo: await learningSeo(context, request, params.lang, { kind: "page", title: t("catalogue.title"), description: t("catalogue.description") }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.seo ?? [];

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["learn", "blocks"] };

export default function Courses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("learn");
  const { courses } = loaderData;
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
    </div>
  );
}
