import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import type { TCourseCardProps } from "../../../domain/blocks/course";
import { categoryLabel, courseHref, formatDuration, formatPrice } from "../../../domain/blocks/course-format";
import { Badge } from "../../components/ui/badge";
import { cn } from "../../components/ui/cn";
import { useLang } from "../../root-data";

export interface CourseCardProps {
  course: TCourseCardProps;
  /** "wide" puts the cover beside the text on larger screens (the course promo block). */
  layout?: "card" | "wide";
  headingLevel?: 2 | 3;
  /**
   * The cover is in the first screen (the first cards of the catalogue): loaded at once rather than
   * lazily, and "high" asks for it first, as the page's largest image (Lighthouse's LCP element).
   */
  cover?: "lazy" | "eager" | "high";
  /**
   * The signed-in learner bought it (orders.courses has it): "Bought" stands where the price was.
   * Only the catalogue's own render for that learner passes it; page blocks are the same for everyone.
   */
  bought?: boolean;
}

/**
 * A course card (seed 3): cover, category label (none for id "none"), title linking to the course
 * page, duration, number of elements and the price with its currency symbol, or "free" (or "bought").
 */
export function CourseCard({ course, layout = "card", headingLevel = 3, cover = "lazy", bought = false }: CourseCardProps) {
  const { t } = useTranslation("blocks");
  const lang = useLang();
  const category = categoryLabel(course.category);
  const price = course.price && course.currency ? formatPrice(course.price, course.currency, lang) : null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const wide = layout === "wide";
  return (
    <article
      data-testid="course-card"
      className={cn(
        "relative flex h-full flex-col overflow-hidden rounded-component border border-line bg-surface shadow-sm transition focus-within:ring-2 focus-within:ring-primary hover:shadow-md",
        wide && "sm:flex-row",
      )}
    >
      {course.cover ? (
        <img
          src={course.cover.src}
          alt={course.cover.alt}
          loading={cover === "lazy" ? "lazy" : undefined}
          fetchPriority={cover === "high" ? "high" : undefined}
          className={cn("aspect-video w-full bg-primary-soft object-cover", wide && "sm:aspect-auto sm:w-2/5")}
        />
      ) : (
        <div aria-hidden="true" className={cn("aspect-video w-full bg-primary-soft", wide && "sm:aspect-auto sm:w-2/5")} />
      )}
      <div className={cn("flex flex-1 flex-col gap-3 p-5", wide && "sm:p-8")}>
        {category ? (
          <span>
            <Badge>{category}</Badge>
          </span>
        ) : null}
        <Heading className={cn("font-title font-bold text-ink", wide ? "text-2xl sm:text-3xl" : "text-xl")}>
          {/* The link covers the whole card, so the card is one target with the title as its name. */}
          <Link to={courseHref(lang, course.id)} className="outline-none after:absolute after:inset-0 hover:text-primary-strong">
            {course.title}
          </Link>
        </Heading>
        {course.description ? <p className="text-muted">{course.description}</p> : null}
        <dl className="mt-auto flex flex-wrap items-center gap-x-5 gap-y-1 pt-2 text-sm text-muted">
          {course.duration !== undefined ? (
            <div className="flex gap-1">
              <dt className="sr-only">{t("course.duration")}</dt>
              <dd>{formatDuration(course.duration, lang)}</dd>
            </div>
          ) : null}
          {course.elementsCount !== undefined ? (
            <div className="flex gap-1">
              <dt className="sr-only">{t("course.contents")}</dt>
              <dd>{t("course.elements", { count: course.elementsCount })}</dd>
            </div>
          ) : null}
          <div className="ms-auto flex gap-1">
            <dt className="sr-only">{t("course.price")}</dt>
            <dd className="text-base font-bold text-ink" data-testid="course-price" data-bought={bought || undefined}>
              {bought && price ? <span className="text-success">{t("course.bought")}</span> : (price ?? t("course.free"))}
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
