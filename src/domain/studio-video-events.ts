import { z } from "zod";
import { ZCourseId } from "./course";
import { ZPageAlias } from "./studio-pages";
import { ZStudioDescription, ZStudioMediaUrl, ZStudioTitle } from "./studio-microcourses";
import { mediaField } from "./media-field";
import { ZText } from "./validation/safe-text";

/** Video events and their dated episodes as the studio authors them (issue 15, docs/api/studio.md). */

/** Episodes of one event: a season of daily episodes is far below it. */
export const EPISODES_MAX = 500;

export const ZVideoEventCreate = z
  .object({
    id: ZCourseId,
    title: ZStudioTitle,
    description: ZStudioDescription.optional(),
    cover: mediaField(ZStudioMediaUrl, "image").nullable().default(null),
    pageAlias: ZPageAlias.nullable().default(null),
    published: z.boolean().default(false),
  })
  .strict();
export type TVideoEventCreate = z.infer<typeof ZVideoEventCreate>;

const named = (p: Record<string, unknown>) =>
  Object.values(p).some((v) => v !== undefined && (v === null || typeof v !== "object" || Object.keys(v).length > 0));

export const ZVideoEventPatch = z
  .object({
    title: ZStudioTitle.optional(),
    description: ZStudioDescription.optional(),
    cover: mediaField(ZStudioMediaUrl, "image").nullable().optional(),
    pageAlias: ZPageAlias.nullable().optional(),
    published: z.boolean().optional(),
  })
  .strict()
  .refine(named, { error: "Name at least one field to change" });
export type TVideoEventPatch = z.infer<typeof ZVideoEventPatch>;

/** An instant with its offset or Z, e.g. 2026-05-01T18:00:00+03:00: a date without a zone is ambiguous. */
export const ZEpisodeStart = z.iso.datetime({ offset: true, error: "Use an ISO date and time with a time zone offset" });
/** Recordings and streams play from http(s) only. */
export const ZEpisodeVideoUrl = ZText.min(1)
  .max(2048)
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return u.protocol === "https:" || u.protocol === "http:";
      } catch {
        return false;
      }
    },
    { error: "Use an http(s) address" },
  );

export const ZEpisodeCreate = z
  .object({
    title: ZStudioTitle,
    startDate: ZEpisodeStart,
    videoUrl: ZEpisodeVideoUrl.nullable().default(null),
  })
  .strict();
export type TEpisodeCreate = z.infer<typeof ZEpisodeCreate>;

export const ZEpisodePatch = z
  .object({
    title: ZStudioTitle.optional(),
    startDate: ZEpisodeStart.optional(),
    videoUrl: ZEpisodeVideoUrl.nullable().optional(),
  })
  .strict()
  .refine(named, { error: "Name at least one field to change" });
export type TEpisodePatch = z.infer<typeof ZEpisodePatch>;

export const ZEpisodeId = ZText.min(1)
  .max(120)
  .regex(/^[A-Za-z0-9_:-]+$/);
export const ZEpisodeOrder = z.object({ episodeIds: z.array(ZEpisodeId).min(1).max(EPISODES_MAX) }).strict();

export const ZStudioEpisode = z.object({
  id: z.string(),
  eventId: z.string(),
  title: z.record(z.string(), z.string()),
  startDate: z.string(),
  videoUrl: z.string().nullable(),
  index: z.number().int(),
});
export type TStudioEpisode = z.infer<typeof ZStudioEpisode>;
export const ZStudioEpisodeList = z.object({ episodes: z.array(ZStudioEpisode) });

export const ZStudioVideoEvent = z.object({
  id: z.string(),
  title: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  cover: z.string().nullable(),
  pageAlias: z.string().nullable(),
  published: z.boolean(),
  dateCreated: z.string(),
  episodes: z.array(ZStudioEpisode),
});
export type TStudioVideoEvent = z.infer<typeof ZStudioVideoEvent>;
export const ZStudioVideoEventList = z.object({ videoEvents: z.array(ZStudioVideoEvent) });
