import type { Route } from "./+types/studio-page-preview";
import { pageRefOf } from "../../domain/studio-pages";
import { throwNotFound } from "../features/errors/error-pages.server";
import { privatePageMeta } from "../features/orders/page-meta";
import { packT } from "../features/notifications/notifications.server";
import type { ChromelessHandle } from "../features/shell/chromeless";
import { PreviewFrame } from "../features/studio/pages/preview-frame";
import { portalLanguages, studioAuthor } from "../features/studio/studio.server";
import { BLOCK_PACKS, type PacksHandle } from "../i18n/page-packs";

/**
 * /{lang}/studio/pages/{alias}/preview (issue 15): the designer's live preview, in the iframe of the
 * designer, in this route's language. It draws the document the designer posts (same origin only)
 * with the public pages' renderer; opened alone, it loads the saved draft through the API.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang, alias } = params;
  await studioAuthor(context, request, lang);
  const target = pageRefOf(alias, new URL(request.url).searchParams.get("kind"));
  if (!target) return throwNotFound(context, lang);
  const { primaryLang } = await portalLanguages(context);
  const title = (await packT(context, lang, "studio"))("preview.metaTitle", { alias });
  return { title, target, primaryLang };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

/** The page alone: no e-mail notice, popups or analytics inside the designer's frame (features/shell/chromeless.ts). */
export const handle: PacksHandle & ChromelessHandle = { packs: ["studio", "errors", ...BLOCK_PACKS], chromeless: true };

export default function StudioPagePreview({ loaderData, params }: Route.ComponentProps) {
  return <PreviewFrame target={loaderData.target} lang={params.lang} primaryLang={loaderData.primaryLang} />;
}
