import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { ZCourseId } from "../../domain/course";
import { coursePageOf } from "../../domain/course-contents";
import { modelPageBlocks } from "../../domain/model-page";
import { pageRobots } from "../../domain/page";
import type { Route } from "./+types/course";
import { throwNotFound } from "../features/errors/error-pages.server";
import { CourseView } from "../features/learning/course-view";
import { learningFailure, learningSeo, modelPage, requestViewer } from "../features/learning/learning.server";
import { coursePath } from "../features/learning/rules";
import { BLOCK_PACKS, type PacksHandle } from "../i18n/page-packs";
import { awardPopupOf } from "../features/rewards/award-popup-state";
import { useHydrated } from "../lib/use-hydrated";
import { courseCertificate } from "../features/certificates/certificates.server";

/** /{lang}/courses/{courseId}: the course page from its page blocks, with the caller's element states. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang } = params;
  if (!ZCourseId.safeParse(params.courseId).success) return throwNotFound(context, lang);
  const viewer = await requestViewer(context);
  let course;
  try {
    course = await context.services.courses.getCourse(viewer, params.courseId, { lang, rel: "all" });
  } catch (e) {
    return learningFailure(e, context, lang);
  }
  const [page, certificate] = await Promise.all([
    modelPage(context, viewer, "course", course.id, lang, { withComponents: true, grant: "checked" }),
    courseCertificate(context, viewer, course, lang),
  ]);
  return {
    course: coursePageOf(course),
    certificate,
    blocks: modelPageBlocks(page),
    seo: await learningSeo(context, request, lang, {
      kind: "course",
      title: page?.title || course.title,
      description: page?.description || course.description,
      keywords: page?.keywords,
      image: page?.image || course.cover,
      // An unpublished course (only admins reach it) or one without a published page is not indexed.
      noindex: !course.published || !page || pageRobots(page) === "noindex",
      path: coursePath(lang, course.id),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.seo ?? [];

export const handle = { pageModel: "course", packs: [...BLOCK_PACKS] } satisfies PacksHandle & { pageModel: string };

const AwardPopup = lazy(() => import("../features/rewards/award-popup"));

export default function Course({ loaderData }: Route.ComponentProps) {
  // The award rides on the history entry, which a reload keeps but the server never sees: it opens
  // once the page has hydrated, so the hydrating render matches the server's HTML.
  const { state } = useLocation();
  const award = useHydrated() ? awardPopupOf(state) : null;
  return (
    <>
      {/* Above the page, in its flow: a notice, never over the course's main action. */}
      {award ? (
        <Suspense fallback={null}>
          <AwardPopup award={award} />
        </Suspense>
      ) : null}
      <CourseView course={loaderData.course} blocks={loaderData.blocks} certificate={loaderData.certificate} />
    </>
  );
}
