import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { categoryLabel, formatDuration, formatPrice } from "../../../domain/blocks/course-format";
import type { TCourseCertificate } from "../../../domain/certificate";
import { type TCoursePage, unpackElements } from "../../../domain/course-contents";
import type { TBlock } from "../../../domain/page";
import { Badge } from "../../components/ui/badge";
import { useLang } from "../../root-data";
import { PageRenderer } from "../blocks/page-renderer";
import { CourseAction } from "./course-action";
import { ElementList } from "./element-list";
import { OpenedMarker } from "./opened-marker";
import { ProgressBar } from "./progress-bar";
import { elementAccess } from "./rules";

/** Only a finished course that gives a certificate shows it: its code stays out of the page's first load. */
const CourseCertificate = lazy(() => import("../certificates/course-certificate").then((m) => ({ default: m.CourseCertificate })));

export interface CourseViewProps {
  /** The course as its page's loader sends it (coursePageOf): the contents packed. */
  course: TCoursePage;
  blocks: TBlock[];
  /** Creator preview: every element links to its preview, and nothing starts a scenario. */
  preview?: { hrefOf: (e: { id: string; path: string }) => string };
  /** The learner's certificate of a finished course that gives one (null: nothing to show). */
  certificate?: TCourseCertificate | null;
}

/** The course page (seed 000 §2): its header, the page's blocks, and the contents with the learner's states. */
export function CourseView({ course, blocks, preview, certificate }: CourseViewProps) {
  const { t } = useTranslation("learn");
  const lang = useLang();
  const elements = useMemo(() => unpackElements(course.elements, lang, course.id), [course.elements, lang, course.id]);
  const marker = course.openedElement ?? null;
  const markerElement = marker ? elements.find((e) => e.id === marker.id) : undefined;
  const markerOpen = !!markerElement && (preview || ["opened", "done"].includes(elementAccess(markerElement.state, course)));
  const category = categoryLabel(course.category);
  const price = course.isCommercial && course.price && course.currency ? formatPrice(course.price, course.currency, lang) : null;
  const done = elements.filter((e) => e.state === "done").length;
  // Seed 000 §4: the opened-element marker is "finished" once the course is done; the course page then
  // shows it finished, with the certificate (when the course gives one) as its main action.
  const finished = marker?.name === "finished" && !preview;
  const certificateMain = finished && !!certificate && certificate.status !== "none";
  return (
    <article className="flex flex-col gap-12" data-testid="course-page" data-course={course.id}>
      <header className="grid items-center gap-8 lg:grid-cols-5">
        <div className="flex flex-col gap-4 lg:col-span-3">
          <div className="flex flex-wrap gap-2">
            {category ? <Badge>{category}</Badge> : null}
            {course.isCommercial && course.isBought ? <Badge tone="success">{t("catalogue.bought")}</Badge> : null}
            {finished ? (
              <span data-testid="course-finished">
                <Badge tone="success">{t("course.finishedBadge")}</Badge>
              </span>
            ) : null}
          </div>
          <h1 className="font-title text-3xl font-extrabold text-ink sm:text-5xl">{course.title}</h1>
          {course.description ? <p className="text-lg text-muted">{course.description}</p> : null}
          <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
            <div>
              <dt className="text-muted">{t("course.duration")}</dt>
              <dd className="font-semibold text-ink">{formatDuration(course.duration, lang)}</dd>
            </div>
            <div>
              <dt className="text-muted">{t("course.contents")}</dt>
              <dd className="font-semibold text-ink">{t("course.elements", { count: course.elementsCount })}</dd>
            </div>
            <div>
              <dt className="text-muted">{t("course.price")}</dt>
              <dd className="font-semibold text-ink" data-testid="course-price" data-bought={(price && course.isBought) || undefined}>
                {/* Bought (seed 000 §4): the learner's own render says so instead of the price. */}
                {price && course.isBought ? <span className="text-success">{t("catalogue.bought")}</span> : (price ?? t("course.free"))}
              </dd>
            </div>
          </dl>
          {done > 0 ? (
            <div className="flex max-w-md flex-col gap-1">
              <span className="text-sm text-muted">{t("progress.doneOf", { done, total: elements.length })}</span>
              <ProgressBar done={done} total={elements.length} label={t("progress.doneOf", { done, total: elements.length })} />
            </div>
          ) : null}
          {marker && markerElement ? (
            <OpenedMarker
              marker={marker}
              title={markerElement.title}
              href={markerOpen ? (preview ? preview.hrefOf(markerElement) : markerElement.path) : null}
            />
          ) : null}
          {certificateMain && certificate ? (
            <div className="flex flex-wrap items-center gap-3">
              <Suspense fallback={null}>
                <CourseCertificate certificate={certificate} main />
              </Suspense>
              <CourseAction course={course} again secondary />
            </div>
          ) : (
            <>
              {preview ? null : <CourseAction course={course} again={finished} />}
              {certificate && !preview ? (
                <Suspense fallback={null}>
                  <CourseCertificate certificate={certificate} />
                </Suspense>
              ) : null}
            </>
          )}
        </div>
        {/* The page's largest image (its LCP element): asked for first. */}
        {course.cover ? (
          <img src={course.cover} alt="" fetchPriority="high" className="aspect-video w-full rounded-component bg-primary-soft object-cover lg:col-span-2" />
        ) : null}
      </header>
      {blocks.length > 0 ? <PageRenderer blocks={blocks} /> : null}
      <section aria-labelledby="course-contents" className="mx-auto flex w-full max-w-3xl flex-col gap-4">
        <h2 id="course-contents" className="font-title text-2xl font-bold text-ink sm:text-3xl">
          {t("course.contentsTitle")}
        </h2>
        {elements.length === 0 ? (
          <p className="text-muted">{t("course.noElements")}</p>
        ) : (
          <ElementList elements={elements} course={course} currentId={marker?.id ?? null} hrefOf={preview?.hrefOf} allOpen={!!preview} />
        )}
      </section>
    </article>
  );
}
