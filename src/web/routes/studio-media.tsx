import type { Route } from "./+types/studio-media";
import { privatePageMeta } from "../features/orders/page-meta";
import { packT } from "../features/notifications/notifications.server";
import { MediaPage } from "../features/media/media-page";
import { studioAuthor } from "../features/studio/studio.server";
import type { PacksHandle } from "../i18n/page-packs";

/** /{lang}/studio/media (issue 15): the media library, for authors only (the loader checks, as does the API). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang } = params;
  const author = await studioAuthor(context, request, lang);
  const page = await context.services.media.list(author, { limit: 48 });
  const title = (await packT(context, lang, "studio"))("media.metaTitle");
  return { title, page };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["studio", "errors"] };

export default function StudioMedia({ loaderData }: Route.ComponentProps) {
  return <MediaPage page={loaderData.page} />;
}
