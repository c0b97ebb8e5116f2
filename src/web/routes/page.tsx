import { hasErrorCode } from "../../domain/errors";
import { localized } from "../../domain/portal";
import { pageRobots } from "../../domain/page";
import type { Route } from "./+types/page";
import { throwNotFound } from "../features/errors/error-pages.server";
import { PageRenderer } from "../features/blocks/page-renderer";
import { seoMeta } from "../features/seo/meta";

const ALIAS = /^[a-z0-9][a-z0-9-]{0,119}$/i;

/**
 * /{lang}/pages/{alias}: a published content page built from blocks. System pages (404,
 * access-denied) are not pages of their own here; they answer as the 404 they are for.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (!ALIAS.test(params.alias)) return throwNotFound(context, params.lang);
  const settings = await context.settings();
  let page;
  try {
    page = await context.services.pages.getByAlias(params.alias, { lang: params.lang, withComponents: true });
  } catch (e) {
    if (hasErrorCode(e, "PAGE_NOT_FOUND", "UNSUPPORTED_LANG")) return throwNotFound(context, params.lang);
    throw e;
  }
  if (page.type !== "page") return throwNotFound(context, params.lang);
  const url = new URL(request.url);
  const origin = context.config.PUBLIC_URL ?? url.origin;
  return {
    page,
    seo: seoMeta({
      kind: "page",
      title: page.title,
      description: page.description,
      keywords: page.keywords,
      image: page.image,
      noindex: pageRobots(page) === "noindex",
      url: `${origin}${url.pathname}`,
      lang: params.lang,
      primaryLang: settings.portal.i18n.primaryLang,
      site: settings.environment.seo,
      siteName: localized(settings.portal.title, params.lang, settings.portal.i18n.primaryLang),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.seo ?? [];

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <PageRenderer blocks={loaderData.page.components ?? []} headingTitle={loaderData.page.title} />;
}
