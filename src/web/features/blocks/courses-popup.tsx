import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { TCourseCardProps } from "../../../domain/blocks/course";
import { ButtonLink } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { Alert } from "../../components/ui/alert";
import { useLang } from "../../root-data";
import { CoursesSlider } from "./courses-slider";

export interface CoursesPopupProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** The cards to show; or give `loadCourses` to fetch them when the popup opens. */
  courses?: TCourseCardProps[];
  loadCourses?: () => Promise<TCourseCardProps[]>;
}

type Loaded = { state: "idle" | "loading" | "failed" } | { state: "ready"; courses: TCourseCardProps[] };

/** Seed 2.4 courses-popup: a slider of course cards (gap 30) and a button to the courses list. */
export default function CoursesPopup({ open, onOpenChange, title, courses, loadCourses }: CoursesPopupProps) {
  const { t } = useTranslation("blocks");
  const lang = useLang();
  const [loaded, setLoaded] = useState<Loaded>({ state: "idle" });
  const needsLoading = open && !courses && !!loadCourses && loaded.state === "idle";

  // A failed load is tried again the next time the popup opens.
  useEffect(() => {
    if (!open && loaded.state === "failed") setLoaded({ state: "idle" });
  }, [open, loaded.state]);

  useEffect(() => {
    if (!needsLoading || !loadCourses) return;
    let live = true;
    setLoaded({ state: "loading" });
    loadCourses().then(
      (list) => live && setLoaded({ state: "ready", courses: list }),
      () => live && setLoaded({ state: "failed" }),
    );
    return () => {
      live = false;
    };
  }, [needsLoading, loadCourses]);

  const list = courses ?? (loaded.state === "ready" ? loaded.courses : null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} closeLabel={t("close")} width={960}>
      <div className="flex flex-col gap-6" data-testid="courses-popup">
        {list ? (
          <CoursesSlider courses={list} label={title} />
        ) : loaded.state === "failed" ? (
          <Alert tone="danger" title={t("coursesPopup.failed")} />
        ) : (
          <div className="flex justify-center py-10">
            <Spinner label={t("coursesPopup.loading")} />
          </div>
        )}
        <div className="flex justify-center">
          <ButtonLink to={`/${lang}/courses`} onClick={() => onOpenChange(false)}>
            {t("coursesPopup.all")}
          </ButtonLink>
        </div>
      </div>
    </Dialog>
  );
}
