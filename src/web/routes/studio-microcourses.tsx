import type { Route } from "./+types/studio-microcourses";
import { privatePageMeta } from "../features/orders/page-meta";
import { packT } from "../features/notifications/notifications.server";
import { MicrocourseListPage } from "../features/studio/microcourse-pages";
import { portalLanguages, studioAuthor } from "../features/studio/studio.server";
import type { PacksHandle } from "../i18n/page-packs";

/** /{lang}/studio/microcourses (issue 15): every microcourse, for authors only (the loader checks). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang } = params;
  const author = await studioAuthor(context, request, lang);
  const microcourses = await context.services.studio.listMicrocourses(author);
  const { primaryLang } = await portalLanguages(context);
  const title = (await packT(context, lang, "studio"))("microcourses.metaTitle");
  return { title, microcourses, primaryLang };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["studio", "errors"] };

export default function StudioMicrocourses({ loaderData }: Route.ComponentProps) {
  return <MicrocourseListPage microcourses={loaderData.microcourses} primaryLang={loaderData.primaryLang} />;
}
