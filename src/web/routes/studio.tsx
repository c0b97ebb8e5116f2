import type { Route } from "./+types/studio";
import { privatePageMeta } from "../features/orders/page-meta";
import { packT } from "../features/notifications/notifications.server";
import { CourseListPage } from "../features/studio/course-list-page";
import { portalLanguages, studioAuthor } from "../features/studio/studio.server";
import type { PacksHandle } from "../i18n/page-packs";

/** /{lang}/studio/ (issue 15): the creator studio's course list, for authors only (the loader checks). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang } = params;
  const author = await studioAuthor(context, request, lang);
  const courses = await context.services.studio.listCourses(author);
  const { primaryLang } = await portalLanguages(context);
  const title = (await packT(context, lang, "studio"))("courses.metaTitle");
  return { title, courses, primaryLang };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["studio", "errors"] };

export default function StudioCourses({ loaderData }: Route.ComponentProps) {
  return <CourseListPage courses={loaderData.courses} primaryLang={loaderData.primaryLang} />;
}
