import type { Route } from "./+types/page";
import { throwNotFound } from "../features/errors/error-pages.server";
import { learningFailure, requestViewer } from "../features/learning/learning.server";
import { PageRenderer } from "../features/blocks/page-renderer";
import { pageSeoMeta } from "../features/seo/meta";
import { BLOCK_PACKS, type PacksHandle } from "../i18n/page-packs";

const ALIAS = /^[a-z0-9][a-z0-9-]{0,119}$/i;

/**
 * /{lang}/pages/{alias}: a published content page built from blocks. System pages (404,
 * access-denied) are not pages of their own here; they answer as the 404 they are for. Pages of
 * courses, elements and microcourses answer only to viewers who may read that content.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (!ALIAS.test(params.alias)) return throwNotFound(context, params.lang);
  const settings = await context.settings();
  let page;
  try {
    // A page bound to a course, element or microcourse follows that content's access rule: a locked,
    // unbought or guest-barred element is the access-denied screen (403), a draft the 404.
    page = await context.services.pages.getByAlias(await requestViewer(context), params.alias, { lang: params.lang, withComponents: true });
  } catch (e) {
    return learningFailure(e, context, params.lang);
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

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: [...BLOCK_PACKS] };

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <PageRenderer blocks={loaderData.page.components ?? []} headingTitle={loaderData.page.title} />;
}
