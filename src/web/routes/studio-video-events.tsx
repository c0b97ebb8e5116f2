import type { Route } from "./+types/studio-video-events";
import { privatePageMeta } from "../features/orders/page-meta";
import { packT } from "../features/notifications/notifications.server";
import { VideoEventListPage } from "../features/studio/video-event-pages";
import { portalLanguages, studioAuthor } from "../features/studio/studio.server";
import type { PacksHandle } from "../i18n/page-packs";

/** /{lang}/studio/video-events (issue 15): every video event, for authors only (the loader checks). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang } = params;
  const author = await studioAuthor(context, request, lang);
  const videoEvents = await context.services.studio.listVideoEvents(author);
  const { primaryLang } = await portalLanguages(context);
  const title = (await packT(context, lang, "studio"))("videoEvents.metaTitle");
  return { title, videoEvents, primaryLang };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["studio", "errors"] };

export default function StudioVideoEvents({ loaderData }: Route.ComponentProps) {
  return <VideoEventListPage videoEvents={loaderData.videoEvents} primaryLang={loaderData.primaryLang} />;
}
