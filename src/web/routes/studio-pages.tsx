import type { Route } from "./+types/studio-pages";
import { privatePageMeta } from "../features/orders/page-meta";
import { packT } from "../features/notifications/notifications.server";
import { PageListPage } from "../features/studio/pages/page-list-page";
import { portalLanguages, studioAuthor } from "../features/studio/studio.server";
import type { PacksHandle } from "../i18n/page-packs";

/** /{lang}/studio/pages (issue 15): the portal's pages, for authors only (the loader checks); the list comes from the studio pages API. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang } = params;
  await studioAuthor(context, request, lang);
  const { primaryLang } = await portalLanguages(context);
  const title = (await packT(context, lang, "studio"))("pages.metaTitle");
  return { title, primaryLang };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["studio", "errors"] };

export default function StudioPages({ loaderData }: Route.ComponentProps) {
  return <PageListPage primaryLang={loaderData.primaryLang} />;
}
