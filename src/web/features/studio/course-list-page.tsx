import { Link } from "react-router";
import { localized } from "../../../domain/localized";
import type { TStudioCourse } from "../../../domain/studio";
import { Badge } from "../../components/ui/badge";
import { Container } from "../../components/ui/container";
import { Icon } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { CourseStateBadges } from "./course-state-badges";
import { NewCourseForm } from "./new-course-form";
import { StudioHeader } from "./studio-header";

/** /{lang}/studio/ (issue 15): every course of the portal, drafts and hidden ones marked, and a new one. */
export function CourseListPage({ courses, primaryLang }: { courses: TStudioCourse[]; primaryLang: string }) {
  const { t } = useTranslation("studio");
  const lang = useLang();
  return (
    <>
      <StudioHeader />
      <Container className="flex flex-col gap-8 py-8">
        <div className="flex flex-col gap-2" data-testid="studio-courses">
          <h1 className="font-title text-3xl font-bold text-ink">{t("courses.title")}</h1>
          <p className="text-muted">{t("courses.intro")}</p>
        </div>
        {courses.length === 0 ? (
          <p className="text-ink">{t("courses.empty")}</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {courses.map((course) => (
              <li key={course.id}>
                <Link
                  to={`/${lang}/studio/courses/${encodeURIComponent(course.id)}`}
                  className="flex h-full flex-col gap-2 rounded-component border border-line bg-surface p-4 hover:border-primary"
                  data-testid="studio-course"
                  data-course={course.id}
                >
                  <span className="flex items-start justify-between gap-3">
                    <span className="font-title text-lg font-bold text-ink">{localized(course.title, lang, primaryLang) || course.id}</span>
                    <Icon name="arrow-end" className="mt-1 size-4 shrink-0 text-primary-strong rtl:-scale-x-100" />
                  </span>
                  <span className="text-sm text-muted" dir="auto">
                    {t("courses.id", { id: course.id })}
                  </span>
                  <span className="flex flex-wrap gap-2">
                    <CourseStateBadges course={course} />
                    <Badge tone="neutral">{t("courses.elements", { count: course.elementsCount })}</Badge>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <NewCourseForm primaryLang={primaryLang} />
      </Container>
    </>
  );
}
