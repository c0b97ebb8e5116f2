import { hasErrorCode } from "../../domain/errors";
import type { Route } from "./+types/page";
import { throwNotFound } from "../features/errors/error-pages.server";
import { PageRenderer } from "../features/blocks/page-renderer";
import { pageSeoMeta } from "../features/seo/meta";

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
  const origin = context.origin;
  return {
    page,
    seo: pageSeoMeta("page", page, { url: `${origin}${url.pathname}`, lang: params.lang, settings }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.seo ?? [];

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <PageRenderer blocks={loaderData.page.components ?? []} headingTitle={loaderData.page.title} />;
}
