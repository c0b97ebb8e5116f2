import { randomUUID } from "node:crypto";
import { AppError } from "../../../../domain/errors";
import { textLangs } from "../../../../domain/studio-microcourses";
import type {
  TEpisodeCreate,
  TEpisodePatch,
  TStudioEpisode,
  TStudioVideoEvent,
  TVideoEventCreate,
  TVideoEventPatch,
} from "../../../../domain/studio-video-events";
import type { TUser } from "../../../../domain/user";
import { assertContentAuthor } from "../policy";
import type { EpisodeRow, StudioWrites, VideoEventRow } from "../repo";
import { checkTextLangs, orderMismatch, summaryOf } from "./checks";
import { authorOf, type StudioContext } from "./context";

function toStudioEpisode(row: EpisodeRow): TStudioEpisode {
  return { id: row.id, eventId: row.eventId, title: row.title, startDate: row.startDate.toISOString(), videoUrl: row.videoUrl, index: row.index };
}

function toStudioVideoEvent(row: VideoEventRow, episodes: EpisodeRow[]): TStudioVideoEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    cover: row.cover,
    pageAlias: row.pageAlias,
    published: row.published,
    dateCreated: row.dateCreated.toISOString(),
    episodes: episodes.filter((e) => e.eventId === row.id).map(toStudioEpisode),
  };
}

type Reads = Pick<StudioWrites, "videoEvents" | "episodes">;
async function readEvent(ctx: StudioContext, r: Reads, id: string): Promise<TStudioVideoEvent | null> {
  const [row] = await r.videoEvents(ctx.portalId, id);
  return row ? toStudioVideoEvent(row, await r.episodes([row.id])) : null;
}

/** Every video event of the portal with its episodes in the studio's order. */
export async function listVideoEvents(ctx: StudioContext, actor: TUser): Promise<TStudioVideoEvent[]> {
  assertContentAuthor(actor);
  const rows = await ctx.repo.videoEvents(ctx.portalId);
  const episodes = await ctx.repo.episodes(rows.map((r) => r.id));
  return rows.map((r) => toStudioVideoEvent(r, episodes));
}

export async function getVideoEvent(ctx: StudioContext, actor: TUser, id: string): Promise<TStudioVideoEvent | null> {
  assertContentAuthor(actor);
  return readEvent(ctx, ctx.repo, id);
}

export async function createVideoEvent(ctx: StudioContext, actor: TUser, body: TVideoEventCreate): Promise<TStudioVideoEvent> {
  assertContentAuthor(actor);
  const langs = await checkTextLangs(ctx, textLangs(body.title, body.description), body.title);
  const { id, title, ...settings } = body;
  return ctx.repo.change(authorOf(ctx, actor), async (w) => {
    if (!(await w.insertVideoEvent(ctx.portalId, id, title, settings))) throw new AppError("VIDEO_EVENT_ID_TAKEN", `A video event '${id}' exists`);
    await w.audit({ action: "video-event.create", entityType: "video-event", entityId: id, summary: summaryOf(body, langs) });
    return (await readEvent(ctx, w, id))!;
  });
}

export async function updateVideoEvent(ctx: StudioContext, actor: TUser, id: string, patch: TVideoEventPatch): Promise<TStudioVideoEvent> {
  assertContentAuthor(actor);
  const langs = await checkTextLangs(ctx, textLangs(patch.title, patch.description), undefined);
  return ctx.repo.change(authorOf(ctx, actor), async (w) => {
    if (!(await w.updateVideoEvent(ctx.portalId, id, patch))) throw new AppError("NOT_FOUND", `No video event ${id}`);
    await w.audit({ action: "video-event.update", entityType: "video-event", entityId: id, summary: summaryOf(patch, langs) });
    return (await readEvent(ctx, w, id))!;
  });
}

async function lockEvent(ctx: StudioContext, w: StudioWrites, eventId: string) {
  if (!(await w.lockVideoEvent(ctx.portalId, eventId))) throw new AppError("NOT_FOUND", `No video event ${eventId}`);
}

/** Adds a dated episode at the end of the event's list. */
export async function addEpisode(ctx: StudioContext, actor: TUser, eventId: string, body: TEpisodeCreate): Promise<TStudioEpisode> {
  assertContentAuthor(actor);
  const langs = await checkTextLangs(ctx, textLangs(body.title), body.title);
  return ctx.repo.change(authorOf(ctx, actor), async (w) => {
    await lockEvent(ctx, w, eventId);
    const index = (await w.episodes([eventId])).length;
    const row = await w.insertEpisode({
      id: `ep-${randomUUID()}`,
      eventId,
      title: body.title,
      startDate: new Date(body.startDate),
      videoUrl: body.videoUrl,
      index,
    });
    await w.audit({ action: "episode.create", entityType: "episode", entityId: row.id, summary: { ...summaryOf(body, langs), eventId } });
    return toStudioEpisode(row);
  });
}

export async function updateEpisode(ctx: StudioContext, actor: TUser, episodeId: string, patch: TEpisodePatch): Promise<TStudioEpisode> {
  assertContentAuthor(actor);
  const langs = await checkTextLangs(ctx, textLangs(patch.title), undefined);
  return ctx.repo.change(authorOf(ctx, actor), async (w) => {
    const before = await w.episode(ctx.portalId, episodeId);
    if (!before) throw new AppError("NOT_FOUND", `No episode ${episodeId}`);
    await w.updateEpisode(episodeId, { title: patch.title, videoUrl: patch.videoUrl, startDate: patch.startDate ? new Date(patch.startDate) : undefined });
    await w.audit({ action: "episode.update", entityType: "episode", entityId: episodeId, summary: { ...summaryOf(patch, langs), eventId: before.eventId } });
    return toStudioEpisode((await w.episode(ctx.portalId, episodeId))!);
  });
}

/** Deletes an episode; the others keep their order (indexes close up). */
export async function deleteEpisode(ctx: StudioContext, actor: TUser, episodeId: string): Promise<void> {
  assertContentAuthor(actor);
  await ctx.repo.change(authorOf(ctx, actor), async (w) => {
    const before = await w.episode(ctx.portalId, episodeId);
    if (!before) throw new AppError("NOT_FOUND", `No episode ${episodeId}`);
    await lockEvent(ctx, w, before.eventId);
    await w.deleteEpisode(episodeId);
    const rest = (await w.episodes([before.eventId])).map((e) => e.id);
    if (rest.length) await w.reorderEpisodes(before.eventId, rest);
    await w.audit({ action: "episode.delete", entityType: "episode", entityId: episodeId, summary: { eventId: before.eventId } });
  });
}

/** Puts the event's episodes in the given order; it must name each exactly once (EPISODE-ORDER-MISMATCH otherwise, nothing moves). */
export async function reorderEpisodes(ctx: StudioContext, actor: TUser, eventId: string, order: string[]): Promise<TStudioEpisode[]> {
  assertContentAuthor(actor);
  return ctx.repo.change(authorOf(ctx, actor), async (w) => {
    await lockEvent(ctx, w, eventId);
    const current = (await w.episodes([eventId])).map((e) => e.id);
    const mismatch = orderMismatch(current, order);
    if (mismatch) throw new AppError("EPISODE_ORDER_MISMATCH", "The order must name every episode of the event exactly once", mismatch);
    await w.reorderEpisodes(eventId, order);
    await w.audit({ action: "video-event.reorder-episodes", entityType: "video-event", entityId: eventId, summary: { fields: ["episodes"] } });
    return (await w.episodes([eventId])).map(toStudioEpisode);
  });
}
