import { localized } from "../../../domain/localized";
import { AppError } from "../../../domain/errors";
import { contentRefusal, GUEST_VIEWER, isAdmin, type ContentRefusal, type TContentTarget, type TViewer } from "../../../domain/learning-access";
import { DEFAULT_TIME_ZONE, episodeDistance, episodeState, formatEpisodeDate, type TVideoEvent } from "../../../domain/video-event";
import type { CoursesService, Lang } from "../courses/service";
import type { VersionedCache } from "../../platform/versioned-cache";
import type { EpisodeRow, VideoEventRow, VideoEventsRepo } from "./repo";

/** Video events with their episodes' derived date, distance and state (seed 000 §3-4). */
export function createVideoEventsService(deps: {
  repo: VideoEventsRepo;
  courses: CoursesService;
  portalId: string;
  /** Event and episode rows, keyed by the content version; states are derived from the clock per request. */
  cache: VersionedCache;
  now?: () => Date;
}) {
  const { repo, courses, portalId, cache, now = () => new Date() } = deps;
  const stored = {
    listPublished: () => cache.get(`video-events:${portalId}`, () => repo.listPublished(portalId)),
    find: (id: string) => cache.get(`video-event:${portalId}:${id}`, () => repo.find(portalId, id)),
    episodes: (ids: string[]) => cache.get(`episodes:${ids.join(",")}`, () => repo.episodes(ids)),
  };

  const target = (row: VideoEventRow): TContentTarget => ({ model: "video-event", videoEvent: { id: row.id, published: row.published } });

  function present(row: VideoEventRow, episodes: EpisodeRow[], l: Lang, timeZone: string, at: Date): TVideoEvent {
    return {
      id: row.id,
      title: localized(row.title, l.lang, l.primaryLang),
      description: localized(row.description, l.lang, l.primaryLang),
      cover: row.cover,
      pageAlias: row.pageAlias,
      episodes: episodes.map((e) => {
        const state = episodeState(e.startDate, at, timeZone);
        return {
          id: e.id,
          title: localized(e.title, l.lang, l.primaryLang),
          startDate: e.startDate.toISOString(),
          date: formatEpisodeDate(e.startDate, l.lang, timeZone),
          distance: episodeDistance(e.startDate, at, l.lang),
          state,
          // A future episode has nothing to watch yet.
          videoUrl: state === "closed" ? null : e.videoUrl,
          index: e.index,
        };
      }),
    };
  }

  return {
    async list(q: { lang: string; tz?: string }): Promise<TVideoEvent[]> {
      const l = await courses.lang(q.lang);
      const rows = await stored.listPublished();
      const episodes = await stored.episodes(rows.map((r) => r.id));
      const at = now();
      return rows.map((r) =>
        present(
          r,
          episodes.filter((e) => e.eventId === r.id),
          l,
          q.tz ?? DEFAULT_TIME_ZONE,
          at,
        ),
      );
    },
    async get(id: string, q: { lang: string; tz?: string }): Promise<TVideoEvent> {
      const l = await courses.lang(q.lang);
      const row = await stored.find(id);
      if (!row || contentRefusal(GUEST_VIEWER, target(row))) throw new AppError("VIDEO_EVENT_NOT_FOUND", `Video event ${id} not found`);
      return present(row, await stored.episodes([id]), l, q.tz ?? DEFAULT_TIME_ZONE, now());
    },
    /** The content rule for a video event, for the pages bound to it (a missing one is "not-found"). */
    async contentAccess(viewer: TViewer, id: string): Promise<{ refusal: ContentRefusal; target: TContentTarget } | null> {
      const row = await stored.find(id);
      const t: TContentTarget = row ? target(row) : { model: "unknown" };
      const refusal = row || !isAdmin(viewer) ? contentRefusal(viewer, t) : null;
      return refusal ? { refusal, target: t } : null;
    },
  };
}
export type VideoEventsService = ReturnType<typeof createVideoEventsService>;
