import type { Route } from "./+types/studio-page";
import { pageRefOf } from "../../domain/studio-pages";
import { throwNotFound } from "../features/errors/error-pages.server";
import { privatePageMeta } from "../features/orders/page-meta";
import { packT } from "../features/notifications/notifications.server";
import { PageDesigner } from "../features/studio/pages/page-designer";
import { portalLanguages, studioAuthor } from "../features/studio/studio.server";
import type { PacksHandle } from "../i18n/page-packs";

/**
 * /{lang}/studio/pages/{alias}[?kind=template] (issue 15): the page designer, for authors only (the loader checks).
 * The page's document is loaded by the designer in the browser through the studio pages API.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang, alias } = params;
  await studioAuthor(context, request, lang);
  const target = pageRefOf(alias, new URL(request.url).searchParams.get("kind"));
  if (!target) return throwNotFound(context, lang);
  const { languages, primaryLang } = await portalLanguages(context);
  const title = (await packT(context, lang, "studio"))("designer.metaTitle", { alias });
  return { title, target, languages, primaryLang };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["studio", "errors"] };

export default function StudioPage({ loaderData }: Route.ComponentProps) {
  const { target, languages, primaryLang } = loaderData;
  return <PageDesigner key={`${target.kind}:${target.alias}`} target={target} languages={languages} primaryLang={primaryLang} />;
}
