import { localized } from "../../../domain/localized";
import type { TStudioCourse } from "../../../domain/studio";
import { Badge } from "../../components/ui/badge";
import { Container } from "../../components/ui/container";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { CourseStateBadges } from "./course-state-badges";
import { NewCourseForm } from "./new-course-form";
import { StudioHeader } from "./studio-header";
import { StudioCard } from "./studio-card";

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
              <StudioCard
                key={course.id}
                to={`/${lang}/studio/courses/${encodeURIComponent(course.id)}`}
                title={localized(course.title, lang, primaryLang) || course.id}
                address={t("courses.id", { id: course.id })}
                attrs={{ "data-testid": "studio-course", "data-course": course.id }}
              >
                <CourseStateBadges course={course} />
                <Badge tone="neutral">{t("courses.elements", { count: course.elementsCount })}</Badge>
              </StudioCard>
            ))}
          </ul>
        )}
        <NewCourseForm primaryLang={primaryLang} />
      </Container>
    </>
  );
}
