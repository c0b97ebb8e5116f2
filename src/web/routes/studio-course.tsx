import type { Route } from "./+types/studio-course";
import { ZCourseId } from "../../domain/course";
import { localized } from "../../domain/localized";
import { throwNotFound } from "../features/errors/error-pages.server";
import { privatePageMeta } from "../features/orders/page-meta";
import { packT } from "../features/notifications/notifications.server";
import { CoursePage } from "../features/studio/course-page";
import { portalLanguages, studioAuthor } from "../features/studio/studio.server";
import type { PacksHandle } from "../i18n/page-packs";

/** /{lang}/studio/courses/{courseId} (issue 15): one course's settings and elements, for authors only (the loader checks). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang, courseId } = params;
  const author = await studioAuthor(context, request, lang);
  if (!ZCourseId.safeParse(courseId).success) return throwNotFound(context, lang);
  const { studio } = context.services;
  const course = await studio.getCourse(author, courseId);
  if (!course) return throwNotFound(context, lang);
  const elements = await studio.listElements(author, course.id);
  const { languages, primaryLang } = await portalLanguages(context);
  const name = localized(course.title, lang, primaryLang) || course.id;
  const title = (await packT(context, lang, "studio"))("course.metaTitle", { title: name });
  return { title, course, elements, languages, primaryLang };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["studio", "errors"] };

export default function StudioCourse({ loaderData }: Route.ComponentProps) {
  const { course, elements, languages, primaryLang } = loaderData;
  // Keyed by the course: another course's page starts with its own form state.
  return <CoursePage key={course.id} course={course} elements={elements} languages={languages} primaryLang={primaryLang} />;
}
