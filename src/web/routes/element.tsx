import { data, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useLocation } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { ZCourseId } from "../../domain/course";
import { ZElementId, type TElementType } from "../../domain/element";
import { isAppError } from "../../domain/errors";
import type { TViewer } from "../../domain/learning-access";
import { pageRobots } from "../../domain/page";
import { throwNotFound } from "../features/errors/error-pages.server";
import { courseTarget } from "../features/learning/course-target";
import { ElementView } from "../features/learning/element-view";
import { learnT, learningFailure, learningSeo, modelPage, requestViewer } from "../features/learning/learning.server";
import { coursePath, gateScenario } from "../features/learning/rules";
import { SignInGate } from "../features/learning/sign-in-gate";
import { useLang } from "../root-data";
import { BLOCK_PACKS, type PacksHandle } from "../i18n/page-packs";

/** Which of the three element routes (lesson-id, test-id, webinar-id) asked, from its parameter. */
function routeElement(params: LoaderFunctionArgs["params"]): { type: TElementType; id: string | undefined } {
  if (params.testId !== undefined) return { type: "test", id: params.testId };
  if (params.webinarId !== undefined) return { type: "webinar", id: params.webinarId };
  return { type: "lesson", id: params.lessonId };
}

function courseFacts(c: {
  id: string;
  title: string;
  isCommercial: boolean;
  isBought: boolean;
  requiresRegistration: boolean;
  price: number | null;
  currency: string | null;
}) {
  return {
    id: c.id,
    title: c.title,
    isCommercial: c.isCommercial,
    isBought: c.isBought,
    requiresRegistration: c.requiresRegistration,
    price: c.price,
    currency: c.currency,
  };
}

/**
 * /{lang}/courses/{courseId}/{lesson|test|webinar}/{id}: an element page. Locked and unbought
 * elements answer with the access-denied screen (403); a guest or session user refused for want of
 * an account gets the sign-in door (403) with the login popup.
 */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const lang = params.lang!;
  const asked = routeElement(params);
  if (!ZCourseId.safeParse(params.courseId).success || !ZElementId.safeParse(asked.id).success) return throwNotFound(context, lang);
  const courseId = params.courseId!;
  const elementId = asked.id!;
  const viewer: TViewer = await requestViewer(context);
  const { courses } = context.services;
  let course;
  try {
    course = await courses.getCourse(viewer, courseId, { lang });
  } catch (e) {
    return learningFailure(e, context, lang);
  }
  let element;
  try {
    element = await courses.openElement(viewer, elementId, { lang });
  } catch (e) {
    if (isAppError(e, "REGISTRATION_REQUIRED") && viewer.kind !== "user") {
      const t = await learnT(context, lang);
      return data(
        {
          kind: "gate" as const,
          course: courseFacts(course),
          elementType: asked.type,
          viewer: viewer.kind,
          seo: [{ title: t("gate.title") }, { name: "robots", content: "noindex" }],
        },
        { status: 403 },
      );
    }
    return learningFailure(e, context, lang);
  }
  // The element lives in another course, or under another kind: this address does not exist.
  if (element.courseId !== course.id || element.type !== asked.type) return throwNotFound(context, lang);
  const page = await modelPage(context, viewer, "element", element.id, lang, { withComponents: false, grant: "checked" });
  // A test element: the learner's test state (public: no correct answers), null when it has no questions.
  const test =
    element.type === "test" && viewer.kind !== "guest" && !element.preview
      ? await context.services.assessments.state(viewer, element.id, lang).catch((e: unknown) => {
          if (isAppError(e, "TEST_NOT_FOUND")) return null;
          throw e;
        })
      : null;
  return {
    kind: "element" as const,
    element,
    test,
    course: courseFacts(course),
    viewer: viewer.kind,
    seo: await learningSeo(context, request, lang, {
      kind: "element",
      title: page?.title || element.title,
      description: page?.description || course.description,
      keywords: page?.keywords,
      image: page?.image || element.cover || course.cover,
      noindex: !course.published || (page ? pageRobots(page) === "noindex" : false),
      path: element.path,
    }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.seo ?? [];

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: [...BLOCK_PACKS] };

export default function ElementRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const lang = useLang();
  const { t } = useTranslation("learn");
  const { pathname: returnTo } = useLocation();
  if (loaderData.kind === "gate") {
    const { course, elementType, viewer } = loaderData;
    const chosen = gateScenario(courseTarget(course, lang), elementType, viewer === "session" ? "session" : "guest");
    const target = courseTarget(course, lang, async () => returnTo);
    const options = chosen.id === "login" ? { alertText: chosen.alertText, returnTo } : { course: target, returnTo };
    return (
      <SignInGate
        title={t("gate.title")}
        text={t(viewer === "session" ? "gate.session" : "gate.guest", { course: course.title })}
        scenario={{ id: chosen.id, options }}
      />
    );
  }
  return (
    <ElementView
      element={loaderData.element}
      course={loaderData.course}
      backTo={coursePath(lang, loaderData.course.id)}
      viewer={loaderData.viewer}
      test={loaderData.test}
    />
  );
}
