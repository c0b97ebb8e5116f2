import { useState } from "react";
import { Link } from "react-router";
import { localized } from "../../../domain/localized";
import type { TStudioCourse, TStudioElement } from "../../../domain/studio";
import { Container } from "../../components/ui/container";
import { Icon } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { CourseSettings } from "./course-settings";
import { CourseStateBadges } from "./course-state-badges";
import { ElementList } from "./element-list";
import { ModelPageButton } from "./model-page-button";
import { PreviewLinkPanel } from "./preview-link-panel";
import { StudioHeader } from "./studio-header";

interface CoursePageProps {
  course: TStudioCourse;
  elements: TStudioElement[];
  languages: string[];
  primaryLang: string;
}

/** /{lang}/studio/courses/{courseId} (issue 15): one course's settings and its elements. */
export function CoursePage({ course: loaded, elements, languages, primaryLang }: CoursePageProps) {
  const { t } = useTranslation("studio");
  const lang = useLang();
  const [course, setCourse] = useState(loaded);
  return (
    <>
      <StudioHeader />
      <Container className="py-8">
        <div className="flex flex-col gap-8" data-testid="studio-course-page">
          <div className="flex flex-col gap-3">
            <Link to={`/${lang}/studio/`} className="inline-flex items-center gap-2 self-start font-medium text-primary-strong hover:underline">
              <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
              {t("course.back")}
            </Link>
            <h1 className="font-title text-3xl font-bold text-ink" data-testid="studio-course-title">
              {localized(course.title, lang, primaryLang) || course.id}
            </h1>
            <div className="flex flex-wrap items-center gap-3">
              <CourseStateBadges course={course} />
              <ModelPageButton model={{ name: "course", id: course.id }} title={course.title} label={t("course.landingPage")} testId="studio-landing-page" />
              <a
                href={`/${lang}/courses/${encodeURIComponent(course.id)}`}
                className="inline-flex items-center gap-1 font-medium text-primary-strong hover:underline"
                data-testid="studio-public-link"
              >
                {t("course.publicPage")}
                <Icon name="external" className="size-4 rtl:-scale-x-100" />
              </a>
            </div>
          </div>
          <section aria-labelledby="studio-settings-title" className="flex flex-col gap-4 rounded-component border border-line bg-surface p-5">
            <h2 id="studio-settings-title" className="font-title text-2xl font-bold text-ink">
              {t("course.settings")}
            </h2>
            <CourseSettings course={course} languages={languages} onSaved={setCourse} />
          </section>
          <PreviewLinkPanel course={course} onChanged={setCourse} />
          <ElementList courseId={course.id} initial={elements} languages={languages} primaryLang={primaryLang} />
        </div>
      </Container>
    </>
  );
}
