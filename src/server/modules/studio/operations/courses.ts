import { randomBytes } from "node:crypto";
import { AppError } from "../../../../domain/errors";
import type { TCourseCreate, TCoursePatch, TPreviewLink, TStudioCourse } from "../../../../domain/studio";
import { hashPreviewSecret } from "../../../platform/preview-secret";
import type { TUser } from "../../../../domain/user";
import { assertContentAuthor } from "../policy";
import type { CourseRow, StudioWrites } from "../repo";
import { checkLangs, summaryOf } from "./checks";
import { authorOf, type StudioContext } from "./context";

export function toStudioCourse(row: CourseRow): TStudioCourse {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: { id: row.categoryId, title: row.categoryTitle },
    pricing: row.type === "paid" && row.price !== null && row.currency !== null ? { type: "paid", price: row.price, currency: row.currency } : { type: "free" },
    arbitraryWalkthrough: row.arbitraryWalkthrough,
    published: row.published,
    hidden: row.hidden,
    buttonText: row.buttonText,
    buttonTextBuy: row.buttonTextBuy,
    cover: row.cover,
    covers: row.covers,
    certificate: { enabled: row.certificateEnabled, validityMonths: row.certificateValidityMonths },
    gift: row.gift,
    award: row.award && !row.award.retired ? { title: row.award.title, description: row.award.description, badge: row.award.badge } : null,
    elementsCount: row.elementsCount,
    previewLink: row.previewSecretHash !== null,
    dateCreated: row.dateCreated.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every course of the portal, published, hidden or not: the studio's list. */
export async function listCourses(ctx: StudioContext, actor: TUser): Promise<TStudioCourse[]> {
  assertContentAuthor(actor);
  return (await ctx.repo.courses(ctx.portalId)).map(toStudioCourse);
}

/** One course of the portal as the studio sees it; null when the portal has none by that id. */
export async function getCourse(ctx: StudioContext, actor: TUser, courseId: string): Promise<TStudioCourse | null> {
  assertContentAuthor(actor);
  const row = await ctx.repo.course(ctx.portalId, courseId);
  return row ? toStudioCourse(row) : null;
}

/**
 * Creates a course. Its id is its address, so a taken one is a typed 409, never an overwrite. The
 * course shows in the catalogue on the next read once published and not hidden (content version).
 */
export async function createCourse(ctx: StudioContext, actor: TUser, body: TCourseCreate): Promise<TStudioCourse> {
  assertContentAuthor(actor);
  const langs = await checkLangs(ctx, body, { newTitle: true });
  const { id, title, ...settings } = body;
  return ctx.repo.change(authorOf(ctx, actor), async (w) => {
    if (!(await w.insertCourse(ctx.portalId, id, title, settings))) throw new AppError("COURSE_ID_TAKEN", `A course '${id}' exists`);
    await w.audit({ action: "course.create", entityType: "course", entityId: id, summary: summaryOf(body, langs) });
    return toStudioCourse((await w.course(ctx.portalId, id))!);
  });
}

/** A course given on completion is another course of this portal (giving the course itself opens nothing). */
async function assertGiftCourse(w: StudioWrites, portalId: string, courseId: string, giftCourseId: string) {
  const refuse = (message: string) => new AppError("VALIDATION", message, { validationErrors: [{ path: "gift.courseId", message }] });
  if (giftCourseId === courseId) throw refuse("A course cannot give itself");
  if (!(await w.course(portalId, giftCourseId))) throw refuse(`No course ${giftCourseId} on this portal`);
}

/** Changes a course's texts (merged per language) and settings; every instance shows them on the next read. */
export async function updateCourse(ctx: StudioContext, actor: TUser, courseId: string, patch: TCoursePatch): Promise<TStudioCourse> {
  assertContentAuthor(actor);
  const langs = await checkLangs(ctx, patch, { newTitle: false });
  return ctx.repo.change(authorOf(ctx, actor), async (w) => {
    if (patch.gift?.kind === "course") await assertGiftCourse(w, ctx.portalId, courseId, patch.gift.courseId);
    if (!(await w.updateCourse(ctx.portalId, courseId, patch))) throw new AppError("NOT_FOUND", `No course ${courseId}`);
    await w.audit({
      action: "course.update",
      entityType: "course",
      entityId: courseId,
      summary: summaryOf(patch, langs),
    });
    return toStudioCourse((await w.course(ctx.portalId, courseId))!);
  });
}

/**
 * Makes a new creator preview link for the course (seed 000 §6), ending the old one: only the hash is
 * kept, so the secret is answered once. The path is the preview route in the portal's primary language.
 */
export async function makePreviewLink(ctx: StudioContext, actor: TUser, courseId: string): Promise<TPreviewLink> {
  assertContentAuthor(actor);
  const { primaryLang } = await ctx.portalLangs();
  const secret = randomBytes(24).toString("base64url");
  await ctx.repo.change(authorOf(ctx, actor), async (w) => {
    if (!(await w.setPreviewSecretHash(ctx.portalId, courseId, hashPreviewSecret(secret)))) throw new AppError("NOT_FOUND", `No course ${courseId}`);
    await w.audit({ action: "course.preview-link", entityType: "course", entityId: courseId, summary: { fields: ["previewLink"] } });
  });
  return { secret, path: `/${primaryLang}/preview/${encodeURIComponent(courseId)}?secret=${secret}` };
}

/** Ends the course's preview link: its secret no longer opens anything. */
export async function removePreviewLink(ctx: StudioContext, actor: TUser, courseId: string): Promise<TStudioCourse> {
  assertContentAuthor(actor);
  return ctx.repo.change(authorOf(ctx, actor), async (w) => {
    if (!(await w.setPreviewSecretHash(ctx.portalId, courseId, null))) throw new AppError("NOT_FOUND", `No course ${courseId}`);
    await w.audit({ action: "course.preview-link-removed", entityType: "course", entityId: courseId, summary: { fields: ["previewLink"] } });
    return toStudioCourse((await w.course(ctx.portalId, courseId))!);
  });
}
