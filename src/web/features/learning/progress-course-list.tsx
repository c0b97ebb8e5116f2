import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { elementPath } from "../../../domain/element-path";
import { formatDate } from "../../../domain/locale";
import type { TOpenedElement } from "../../../domain/progress";
import { Icon } from "../../components/ui/icon";
import { useLang } from "../../root-data";
import { ProgressBar } from "./progress-bar";
import { coursePath } from "./rules";

export interface ProgressCourse {
  courseId: string;
  title: string;
  doneCount: number;
  total: number;
  openedElement: TOpenedElement | null;
  updatedAt: string;
}

/** A learner's courses with how much is done and where to continue (profile and progress pages). */
export function ProgressCourseList({ courses, headingLevel = 2 }: { courses: ProgressCourse[]; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("learn");
  const lang = useLang();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="flex flex-col gap-4" data-testid="progress-courses">
      {courses.map((c) => {
        const marker = c.openedElement;
        const label = t("progress.doneOf", { done: c.doneCount, total: c.total });
        return (
          <li
            key={c.courseId}
            className="flex flex-col gap-3 rounded-component border border-line bg-surface p-5"
            data-testid="progress-course"
            data-course={c.courseId}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <Heading className="font-title text-xl font-bold text-ink">
                <Link to={coursePath(lang, c.courseId)} className="hover:text-primary-strong hover:underline">
                  {c.title}
                </Link>
              </Heading>
              <span className="text-sm text-muted">{t("progress.updated", { date: formatDate(c.updatedAt, lang) })}</span>
            </div>
            <span className="text-sm text-muted">{label}</span>
            <ProgressBar done={c.doneCount} total={c.total} label={`${c.title}: ${label}`} />
            {marker ? (
              <Link
                to={elementPath(lang, c.courseId, marker.type, marker.id)}
                className="inline-flex items-center gap-2 self-start font-medium text-primary-strong hover:underline"
                data-testid="progress-marker"
                data-name={marker.name}
              >
                {t(`progress.action.${marker.name}`, { type: t(`element.type.${marker.type}`), number: marker.number })}
                <Icon name="arrow-end" className="size-4 rtl:-scale-x-100" />
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
