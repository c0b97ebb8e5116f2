import { useTranslation } from "../i18n/use-translation";
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { videoSource } from "../../domain/blocks/media-rules";
import type { TEpisode, TEpisodeState, TVideoEvent } from "../../domain/video-event";
import { cn } from "../components/ui/cn";
import { Icon } from "../components/ui/icon";
import { VideoBlock } from "../features/blocks/video-block";
import { throwNotFound } from "../features/errors/error-pages.server";
import { learningFailure, learningSeo } from "../features/learning/learning.server";
import type { PacksHandle } from "../i18n/page-packs";

const ID = /^[A-Za-z0-9_-]{1,120}$/;

/** /{lang}/video-event/{id}: a video event with its episodes, each opened (past), today or closed (future). */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const lang = params.lang!;
  if (!params.id || !ID.test(params.id)) return throwNotFound(context, lang);
  let event: TVideoEvent;
  try {
    event = await context.services.videoEvents.get(params.id, { lang });
  } catch (e) {
    return learningFailure(e, context, lang);
  }
  return {
    event,
    seo: await learningSeo(context, request, lang, { kind: "page", title: event.title, description: event.description, image: event.cover }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.seo ?? [];

const STATE_STYLE: Record<TEpisodeState, string> = {
  opened: "bg-success/10 text-success",
  today: "bg-primary text-white",
  closed: "bg-surface-alt text-muted",
};
const STATE_ICON = { opened: "play", today: "info", closed: "lock" } as const;

function Episode({ episode }: { episode: TEpisode }) {
  const { t } = useTranslation("learn");
  const video = episode.videoUrl && videoSource(episode.videoUrl) ? episode.videoUrl : null;
  return (
    <li
      data-testid="episode"
      data-state={episode.state}
      className={cn(
        "flex flex-col gap-4 rounded-component border bg-surface p-5",
        episode.state === "today" ? "border-primary ring-1 ring-primary" : "border-line",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h3 className="font-title text-xl font-bold text-ink">{episode.title}</h3>
          <p className="text-sm text-muted">
            <time dateTime={episode.startDate}>{episode.date}</time>
            <span aria-hidden="true"> · </span>
            <span data-testid="episode-distance">{episode.distance}</span>
          </p>
        </div>
        <span className={cn("inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold", STATE_STYLE[episode.state])}>
          <Icon name={STATE_ICON[episode.state]} className="size-3.5" />
          {t(`episode.state.${episode.state}`)}
        </span>
      </div>
      {video ? <VideoBlock block={{ id: `episode-${episode.id}`, type: "video", props: { title: episode.title, url: video } }} /> : null}
      {!video && episode.state === "opened" ? <p className="text-sm text-muted">{t("episode.noRecording")}</p> : null}
      {!video && episode.state === "today" ? <p className="text-sm text-muted">{t("episode.startsToday")}</p> : null}
    </li>
  );
}

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["blocks"] };

export default function VideoEventRoute() {
  const { event } = useLoaderData<typeof loader>();
  const { t } = useTranslation("learn");
  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-8" data-testid="video-event" data-event={event.id}>
      <header className="flex flex-col gap-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-muted">{t("episode.kind")}</p>
        <h1 className="font-title text-3xl font-extrabold text-ink sm:text-4xl">{event.title}</h1>
        {event.description ? <p className="text-lg text-muted">{event.description}</p> : null}
        {event.cover ? <img src={event.cover} alt="" className="aspect-video w-full rounded-component bg-primary-soft object-cover" /> : null}
      </header>
      <section aria-labelledby="episodes-title" className="flex flex-col gap-4">
        <h2 id="episodes-title" className="sr-only">
          {t("episode.listTitle")}
        </h2>
        {event.episodes.length === 0 ? <p className="text-muted">{t("episode.empty")}</p> : null}
        <ol className="flex flex-col gap-4">
          {event.episodes.map((e) => (
            <Episode key={e.id} episode={e} />
          ))}
        </ol>
      </section>
    </article>
  );
}
