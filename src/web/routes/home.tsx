import { AppError } from "../../domain/errors";
import { localized } from "../../domain/portal";
import { pageRobots } from "../../domain/page";
import type { Route } from "./+types/home";
import { throwNotFound } from "../features/errors/error-pages.server";
import { PageRenderer } from "../features/blocks/page-renderer";
import { seoMeta } from "../features/seo/meta";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const settings = await context.settings();
  let page;
  try {
    page = await context.services.pages.getByAlias("main", { lang: params.lang, withComponents: true });
  } catch (e) {
    if (e instanceof AppError && e.code === "PAGE_NOT_FOUND") return throwNotFound(context, params.lang);
    throw e;
  }
  const url = new URL(request.url);
  const origin = context.config.PUBLIC_URL ?? url.origin;
  return {
    page,
    seo: seoMeta({
      kind: "main",
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

export default function Home({ loaderData }: Route.ComponentProps) {
  return <PageRenderer blocks={loaderData.page.components ?? []} headingTitle={loaderData.page.title} />;
}
