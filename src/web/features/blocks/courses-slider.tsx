import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { TCourseCardProps } from "../../../domain/blocks/course";
import { dirOf } from "../../../domain/locale";
import { Icon } from "../../components/ui/icon";
import { useLang } from "../../root-data";
import { CourseCard } from "./course-card";

/** Seed 9: the courses popup slider keeps 30 px between cards. */
export const COURSES_SLIDER_GAP = 30;

/**
 * A horizontal slider of course cards: scrolls by touch, by keyboard (tabbing through the cards)
 * and with previous/next buttons that move one card in the reading direction.
 */
export function CoursesSlider({ courses, label }: { courses: TCourseCardProps[]; label: string }) {
  const { t } = useTranslation("blocks");
  const rtl = dirOf(useLang()) === "rtl";
  const track = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: courses.length <= 1 });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    // scrollLeft is 0 at the start and negative towards the end in rtl.
    const offset = Math.abs(el.scrollLeft);
    setEdges({ start: offset < 2, end: offset + el.clientWidth >= el.scrollWidth - 2 });
  }, []);

  useEffect(() => {
    measure();
    const el = track.current;
    if (!el) return;
    el.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      el.removeEventListener("scroll", measure);
      observer.disconnect();
    };
  }, [measure]);

  const move = (forward: boolean) => {
    const el = track.current;
    const slide = el?.firstElementChild as HTMLElement | null;
    if (!el || !slide) return;
    const step = slide.getBoundingClientRect().width + COURSES_SLIDER_GAP;
    el.scrollBy({ left: (forward !== rtl ? 1 : -1) * step, behavior: "smooth" });
  };

  return (
    <div role="region" aria-roledescription={t("coursesPopup.carousel")} aria-label={label} className="flex flex-col gap-3">
      <div className="flex justify-end gap-2">
        <button
          type="button"
          onClick={() => move(false)}
          disabled={edges.start}
          aria-label={t("coursesPopup.previous")}
          className="inline-flex size-10 items-center justify-center rounded-full border border-line text-ink hover:bg-primary-soft disabled:opacity-40"
        >
          <Icon name="arrow-start" className="size-5 rtl:-scale-x-100" />
        </button>
        <button
          type="button"
          onClick={() => move(true)}
          disabled={edges.end}
          aria-label={t("coursesPopup.next")}
          className="inline-flex size-10 items-center justify-center rounded-full border border-line text-ink hover:bg-primary-soft disabled:opacity-40"
        >
          <Icon name="arrow-end" className="size-5 rtl:-scale-x-100" />
        </button>
      </div>
      <div
        ref={track}
        data-testid="courses-slider"
        className="flex snap-x snap-mandatory overflow-x-auto scroll-smooth pb-3"
        style={{ gap: COURSES_SLIDER_GAP }}
      >
        {courses.map((course, i) => (
          <div
            key={course.id}
            role="group"
            aria-roledescription={t("coursesPopup.slide")}
            aria-label={t("coursesPopup.slideLabel", { index: i + 1, count: courses.length })}
            className="w-[min(85%,280px)] shrink-0 snap-start"
          >
            <CourseCard course={course} />
          </div>
        ))}
      </div>
    </div>
  );
}
