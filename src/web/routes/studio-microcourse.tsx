import type { Route } from "./+types/studio-microcourse";
import { ZCourseId } from "../../domain/course";
import { localized } from "../../domain/localized";
import { throwNotFound } from "../features/errors/error-pages.server";
import { privatePageMeta } from "../features/orders/page-meta";
import { packT } from "../features/notifications/notifications.server";
import { MicrocoursePage } from "../features/studio/microcourse-pages";
import { portalLanguages, studioAuthor } from "../features/studio/studio.server";
import type { PacksHandle } from "../i18n/page-packs";

/** /{lang}/studio/microcourses/{id} (issue 15): one microcourse's settings, for authors only (the loader checks). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang, id } = params;
  const author = await studioAuthor(context, request, lang);
  if (!ZCourseId.safeParse(id).success) return throwNotFound(context, lang);
  const microcourse = await context.services.studio.getMicrocourse(author, id);
  if (!microcourse) return throwNotFound(context, lang);
  const { languages, primaryLang } = await portalLanguages(context);
  const title = (await packT(context, lang, "studio"))("course.metaTitle", { title: localized(microcourse.title, lang, primaryLang) || id });
  return { title, microcourse, languages, primaryLang };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["studio", "errors"] };

export default function StudioMicrocourse({ loaderData }: Route.ComponentProps) {
  const { microcourse, languages, primaryLang } = loaderData;
  return <MicrocoursePage key={microcourse.id} microcourse={microcourse} languages={languages} primaryLang={primaryLang} />;
}
