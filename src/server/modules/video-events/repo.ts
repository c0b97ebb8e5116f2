import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { videoEventEpisodes, videoEvents } from "../../db/schema/courses";

export type VideoEventRow = typeof videoEvents.$inferSelect;
export type EpisodeRow = typeof videoEventEpisodes.$inferSelect;

export function createVideoEventsRepo(db: Db) {
  return {
    listPublished(portalId: string): Promise<VideoEventRow[]> {
      return db
        .select()
        .from(videoEvents)
        .where(and(eq(videoEvents.portalId, portalId), eq(videoEvents.published, true)))
        .orderBy(asc(videoEvents.dateCreated), asc(videoEvents.id));
    },
    async find(portalId: string, id: string): Promise<VideoEventRow | null> {
      return (
        (
          await db
            .select()
            .from(videoEvents)
            .where(and(eq(videoEvents.portalId, portalId), eq(videoEvents.id, id)))
            .limit(1)
        )[0] ?? null
      );
    },
    episodes(eventIds: string[]): Promise<EpisodeRow[]> {
      if (eventIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(videoEventEpisodes)
        .where(inArray(videoEventEpisodes.eventId, eventIds))
        .orderBy(asc(videoEventEpisodes.startDate), asc(videoEventEpisodes.index));
    },
  };
}
export type VideoEventsRepo = ReturnType<typeof createVideoEventsRepo>;
