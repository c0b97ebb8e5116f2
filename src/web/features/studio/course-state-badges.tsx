import type { TStudioCourse } from "../../../domain/studio";
import { Badge } from "../../components/ui/badge";
import { useTranslation } from "../../i18n/use-translation";

/** Published or draft, and hidden: whether learners find the course in the catalogue. */
export function CourseStateBadges({ course }: { course: Pick<TStudioCourse, "published" | "hidden"> }) {
  const { t } = useTranslation("studio");
  return (
    <>
      <span data-testid="course-state">
        {course.published ? <Badge tone="success">{t("courses.published")}</Badge> : <Badge tone="neutral">{t("courses.draft")}</Badge>}
      </span>
      {course.hidden ? <Badge tone="danger">{t("courses.hidden")}</Badge> : null}
    </>
  );
}
