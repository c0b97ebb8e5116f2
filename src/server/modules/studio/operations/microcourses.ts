import { AppError } from "../../../../domain/errors";
import { textLangs, type TMicrocourseCreate, type TMicrocoursePatch, type TStudioMicrocourse } from "../../../../domain/studio-microcourses";
import type { TUser } from "../../../../domain/user";
import { assertContentAuthor } from "../policy";
import type { MicrocourseRow } from "../repo";
import { checkTextLangs, summaryOf } from "./checks";
import { authorOf, type StudioContext } from "./context";

function toStudioMicrocourse(row: MicrocourseRow): TStudioMicrocourse {
  const { id, type, title, description, cover, duration, accessType, pageAlias, index, visible, published, hidden } = row;
  return {
    id,
    type,
    title,
    description,
    cover,
    duration,
    accessType: accessType ?? null,
    pageAlias,
    index,
    visible,
    published,
    hidden,
    dateCreated: row.dateCreated.toISOString(),
  };
}

/** Every microcourse of the portal, published, hidden or not. */
export async function listMicrocourses(ctx: StudioContext, actor: TUser): Promise<TStudioMicrocourse[]> {
  assertContentAuthor(actor);
  return (await ctx.repo.microcourses(ctx.portalId)).map(toStudioMicrocourse);
}

export async function getMicrocourse(ctx: StudioContext, actor: TUser, id: string): Promise<TStudioMicrocourse | null> {
  assertContentAuthor(actor);
  const [row] = await ctx.repo.microcourses(ctx.portalId, id);
  return row ? toStudioMicrocourse(row) : null;
}

/** Creates a microcourse at the end of the list; a taken id is MICROCOURSE-ID-TAKEN (409), never an overwrite. */
export async function createMicrocourse(ctx: StudioContext, actor: TUser, body: TMicrocourseCreate): Promise<TStudioMicrocourse> {
  assertContentAuthor(actor);
  const langs = await checkTextLangs(ctx, textLangs(body.title, body.description), body.title);
  const { id, type, title, ...settings } = body;
  return ctx.repo.change(authorOf(ctx, actor), async (w) => {
    if (!(await w.insertMicrocourse(ctx.portalId, id, type, title, settings))) throw new AppError("MICROCOURSE_ID_TAKEN", `A microcourse '${id}' exists`);
    await w.audit({ action: "microcourse.create", entityType: "microcourse", entityId: id, summary: summaryOf(body, langs) });
    return toStudioMicrocourse((await w.microcourses(ctx.portalId, id))[0]!);
  });
}

/** Changes a microcourse's texts (merged per language) and settings; readers see it on the next read. */
export async function updateMicrocourse(ctx: StudioContext, actor: TUser, id: string, patch: TMicrocoursePatch): Promise<TStudioMicrocourse> {
  assertContentAuthor(actor);
  const langs = await checkTextLangs(ctx, textLangs(patch.title, patch.description), undefined);
  return ctx.repo.change(authorOf(ctx, actor), async (w) => {
    if (!(await w.updateMicrocourse(ctx.portalId, id, patch))) throw new AppError("NOT_FOUND", `No microcourse ${id}`);
    await w.audit({ action: "microcourse.update", entityType: "microcourse", entityId: id, summary: summaryOf(patch, langs) });
    return toStudioMicrocourse((await w.microcourses(ctx.portalId, id))[0]!);
  });
}
