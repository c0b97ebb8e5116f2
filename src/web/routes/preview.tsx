import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { ZCourseId } from "../../domain/course";
import { coursePageOf } from "../../domain/course-contents";
import { ZElementId } from "../../domain/element";
import { modelPageBlocks } from "../../domain/model-page";
import { throwAccessDenied, throwNotFound } from "../features/errors/error-pages.server";
import { CourseView } from "../features/learning/course-view";
import { ElementView } from "../features/learning/element-view";
import { learnT, learningFailure, modelPage, requestViewer } from "../features/learning/learning.server";
import { Container } from "../components/ui/container";
import { useLang } from "../root-data";
import { BLOCK_PACKS, type PacksHandle } from "../i18n/page-packs";

function previewHref(lang: string, courseId: string, secret: string, elementId?: string): string {
  const q = new URLSearchParams({ secret, ...(elementId ? { element: elementId } : {}) });
  return `/${lang}/preview/${encodeURIComponent(courseId)}?${q}`;
}

/**
 * /{lang}/preview/{courseId}?secret=…[&element=…]: the creator preview of a course or one of its
 * elements, published or not, locks ignored. The secret must match the course's; never indexed.
 */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const lang = params.lang!;
  const url = new URL(request.url);
  const secret = url.searchParams.get("secret");
  const elementId = url.searchParams.get("element");
  if (!params.id || !ZCourseId.safeParse(params.id).success) return throwNotFound(context, lang);
  if (!secret) return throwAccessDenied(context, lang);
  if (elementId !== null && !ZElementId.safeParse(elementId).success) return throwNotFound(context, lang);
  const viewer = await requestViewer(context);
  const { courses } = context.services;
  const t = await learnT(context, lang);
  try {
    const course = await courses.getCourse(viewer, params.id, { lang, rel: "all", secret, client: context.clientIp });
    const courseFacts = {
      id: course.id,
      title: course.title,
      isCommercial: course.isCommercial,
      isBought: course.isBought,
      requiresRegistration: course.requiresRegistration,
      price: course.price,
      currency: course.currency,
    };
    const seo = [{ title: `${t("preview.badge")}: ${course.title}` }, { name: "robots", content: "noindex" }];
    if (elementId) {
      const element = await courses.openElement(viewer, elementId, { lang, secret, client: context.clientIp });
      if (element.courseId !== course.id) return throwNotFound(context, lang);
      return { kind: "element" as const, element, course: courseFacts, backTo: previewHref(lang, course.id, secret), seo };
    }
    const page = await modelPage(context, viewer, "course", course.id, lang, { withComponents: true, grant: "preview" });
    return { kind: "course" as const, course: coursePageOf(course), blocks: modelPageBlocks(page), secret, seo };
  } catch (e) {
    return learningFailure(e, context, lang);
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.seo ?? [];

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["learn", ...BLOCK_PACKS] };

export default function Preview() {
  const data = useLoaderData<typeof loader>();
  const lang = useLang();
  return (
    <Container className="py-10">
      {data.kind === "element" ? (
        <ElementView element={data.element} course={data.course} backTo={data.backTo} viewer="user" />
      ) : (
        <CourseView course={data.course} blocks={data.blocks} preview={{ hrefOf: (e) => previewHref(lang, data.course.id, data.secret, e.id) }} />
      )}
    </Container>
  );
}
