import { data, type AppLoadContext } from "react-router";
import { errorScreenOf, isAppError } from "../../../domain/errors";
import { requestViewer as viewerOfAuth, type TViewer } from "../../../domain/learning-access";
import { modelPageOrNull, type TPageModelName } from "../../../domain/model-page";
import { localized } from "../../../domain/localized";
import { throwAccessDenied, throwNotFound } from "../errors/error-pages.server";
import { seoMeta, type SeoInput } from "../seo/meta";
import { i18nFor } from "../../i18n/instance";

/** Who is asking, as the learning services see it: domain requestViewer (a bad or missing token is a guest). */
export async function requestViewer(context: AppLoadContext): Promise<TViewer> {
  return viewerOfAuth(await context.auth());
}

/**
 * The learning services' typed refusals as the seed's screens: missing content is the 404 page,
 * a refusal is the access-denied page (403). Anything else is a real failure and stays one.
 */
export async function learningFailure(e: unknown, context: AppLoadContext, lang: string): Promise<never> {
  if (!isAppError(e)) throw e;
  switch (errorScreenOf(e.code)) {
    case "not-found":
      return throwNotFound(context, lang);
    case "access-denied":
      return throwAccessDenied(context, lang);
    case "rate-limited":
      // Too many wrong preview secrets from this address: the generic screen with status 429.
      throw data({ code: "RATE-LIMITED" }, { status: 429 });
    default:
      throw e;
  }
}

/** SEO meta for a learning page: the portal's site settings, this request's canonical address. */
export async function learningSeo(
  context: AppLoadContext,
  request: Request,
  lang: string,
  page: Pick<SeoInput, "kind" | "title" | "description" | "keywords" | "image" | "noindex"> & { path?: string },
) {
  const settings = await context.settings();
  const url = new URL(request.url);
  const origin = context.origin;
  const { path, ...rest } = page;
  return seoMeta({
    ...rest,
    url: `${origin}${path ?? url.pathname}`,
    lang,
    primaryLang: settings.portal.i18n.primaryLang,
    site: settings.environment.seo,
    siteName: localized(settings.portal.title, lang, settings.portal.i18n.primaryLang),
  });
}

/** The learn pack's texts for loaders (titles of pages that have no content page of their own). */
export async function learnT(context: AppLoadContext, lang: string) {
  return i18nFor(lang, await context.services.packs.resources(lang)).getFixedT(lang, "learn");
}

/**
 * The content page bound to a course, element or microcourse, for a viewer the loader has already let
 * through that model's access rule (or, with grant "preview", whose preview secret it checked);
 * null when the model has no page the viewer may see.
 */
export async function modelPage(
  context: AppLoadContext,
  viewer: TViewer,
  model: TPageModelName,
  id: string,
  lang: string,
  opts: { withComponents: boolean; grant?: "checked" | "preview" },
) {
  return modelPageOrNull(context.services.pages.getByModel(viewer, { name: model, id }, { lang, ...opts }));
}

/** The paging parameters of a list page's address (`?after=` / `?before=`, the cursors of the list API). */
export function listPagingParams(request: Request): { cursor?: string; before?: string } {
  const params = new URL(request.url).searchParams;
  const after = params.get("after");
  const before = params.get("before");
  return { ...(after !== null ? { cursor: after } : {}), ...(before !== null ? { before } : {}) };
}

/**
 * Where the pages around a list page are (relative hrefs for the nav) and the head's links for
 * crawlers: rel=prev/next, and a canonical that is the list's own address on its first page (also
 * when reached by a "before" link) and the page's own address on the others, so every page, and
 * every course listed on it, stays indexable.
 */
export function listPagingLinks(
  context: AppLoadContext,
  request: Request,
  asked: { cursor?: string; before?: string },
  paging: { nextCursor: string | null; prevCursor: string | null },
) {
  const url = new URL(request.url);
  // Only the cursor makes the address: other parameters (a campaign's) are no page of their own.
  const here =
    paging.prevCursor === null
      ? url.pathname
      : asked.cursor
        ? `${url.pathname}?after=${encodeURIComponent(asked.cursor)}`
        : `${url.pathname}?before=${encodeURIComponent(asked.before ?? "")}`;
  const prev = paging.prevCursor ? `${url.pathname}?before=${encodeURIComponent(paging.prevCursor)}` : null;
  const next = paging.nextCursor ? `${url.pathname}?after=${encodeURIComponent(paging.nextCursor)}` : null;
  const head = [
    ...(prev ? [{ tagName: "link", rel: "prev", href: `${context.origin}${prev}` }] : []),
    ...(next ? [{ tagName: "link", rel: "next", href: `${context.origin}${next}` }] : []),
  ];
  return { path: here, prev, next, head };
}
