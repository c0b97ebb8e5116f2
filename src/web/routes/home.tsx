import { isAppError } from "../../domain/errors";
import type { Route } from "./+types/home";
import { redirect } from "../redirect.server";
import { ZCourseListQuery } from "../../domain/course";
import { requestViewer } from "../features/learning/learning.server";
import { courseFallbackUrl } from "../features/learning/rules";
import { PageRenderer } from "../features/blocks/page-renderer";
import { pageSeoMeta } from "../features/seo/meta";
import { BLOCK_PACKS, type PacksHandle } from "../i18n/page-packs";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const settings = await context.settings();
  let page;
  try {
    page = await context.services.pages.getByAlias(await requestViewer(context), "main", { lang: params.lang, withComponents: true });
  } catch (e) {
    // By code, not instanceof: the built bundle has its own copy of AppError.
    if (isAppError(e, "PAGE_NOT_FOUND")) throw redirect(await fallbackUrl(context, params.lang, settings.portal.type));
    throw e;
  }
  const url = new URL(request.url);
  const origin = context.origin;
  return {
    page,
    seo: pageSeoMeta("main", page, { url: `${origin}${url.pathname}`, lang: params.lang, settings }),
  };
}

/** No published main page: the course fallback URL (seed 000 §2.1) instead of a 404. */
async function fallbackUrl(context: Route.LoaderArgs["context"], lang: string, portalType: string): Promise<string> {
  const { courses } = await context.services.courses.listCourses(await requestViewer(context), ZCourseListQuery.parse({ lang }));
  return courseFallbackUrl({ lang, mainPagePublished: false, portalType, courseIds: courses.map((c) => c.id) });
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.seo ?? [];

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: [...BLOCK_PACKS] };

export default function Home({ loaderData }: Route.ComponentProps) {
  return <PageRenderer blocks={loaderData.page.components ?? []} headingTitle={loaderData.page.title} />;
}
