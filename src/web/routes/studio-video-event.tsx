import type { Route } from "./+types/studio-video-event";
import { ZCourseId } from "../../domain/course";
import { localized } from "../../domain/localized";
import { throwNotFound } from "../features/errors/error-pages.server";
import { privatePageMeta } from "../features/orders/page-meta";
import { packT } from "../features/notifications/notifications.server";
import { VideoEventPage } from "../features/studio/video-event-pages";
import { portalLanguages, studioAuthor } from "../features/studio/studio.server";
import type { PacksHandle } from "../i18n/page-packs";

/** /{lang}/studio/video-events/{id} (issue 15): one event's settings and episodes, for authors only (the loader checks). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang, id } = params;
  const author = await studioAuthor(context, request, lang);
  if (!ZCourseId.safeParse(id).success) return throwNotFound(context, lang);
  const event = await context.services.studio.getVideoEvent(author, id);
  if (!event) return throwNotFound(context, lang);
  const { languages, primaryLang } = await portalLanguages(context);
  const title = (await packT(context, lang, "studio"))("course.metaTitle", { title: localized(event.title, lang, primaryLang) || id });
  return { title, event, languages, primaryLang };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["studio", "errors"] };

export default function StudioVideoEvent({ loaderData }: Route.ComponentProps) {
  const { event, languages, primaryLang } = loaderData;
  return <VideoEventPage key={event.id} event={event} languages={languages} primaryLang={primaryLang} />;
}
