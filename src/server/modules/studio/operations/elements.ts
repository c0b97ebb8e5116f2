import { randomUUID } from "node:crypto";
import { AppError } from "../../../../domain/errors";
import type { TElementCreate, TElementPatch, TStudioElement } from "../../../../domain/studio";
import type { TUser } from "../../../../domain/user";
import { assertContentAuthor } from "../policy";
import type { ElementRow, StudioWrites } from "../repo";
import { checkLangs, orderMismatch, summaryOf } from "./checks";
import { authorOf, type StudioContext } from "./context";

function toStudioElement(row: ElementRow): TStudioElement {
  const { id, courseId, type, title, duration, cover, number, index, visible, discussionActive } = row;
  return { id, courseId, type, title, duration, cover, number, index, visible, discussionActive };
}

async function lockCourse(ctx: StudioContext, w: StudioWrites, courseId: string) {
  if (!(await w.lockCourse(ctx.portalId, courseId))) throw new AppError("NOT_FOUND", `No course ${courseId}`);
}

/** The course's elements in their order, visible or not. */
export async function listElements(ctx: StudioContext, actor: TUser, courseId: string): Promise<TStudioElement[]> {
  assertContentAuthor(actor);
  if (!(await ctx.repo.course(ctx.portalId, courseId))) throw new AppError("NOT_FOUND", `No course ${courseId}`);
  return (await ctx.repo.elements(courseId)).map(toStudioElement);
}

/** Adds a lesson, test or webinar at the end of the course. */
export async function addElement(ctx: StudioContext, actor: TUser, courseId: string, body: TElementCreate): Promise<TStudioElement> {
  assertContentAuthor(actor);
  const langs = await checkLangs(ctx, body, { newTitle: true });
  return ctx.repo.change(authorOf(ctx, actor), async (w) => {
    await lockCourse(ctx, w, courseId);
    const index = await w.countElements(courseId);
    const row = await w.insertElement({ id: `el-${randomUUID()}`, courseId, ...body, index, number: index + 1 });
    await w.touchCourse(courseId);
    await w.audit({
      action: "element.create",
      entityType: "element",
      entityId: row.id,
      summary: { ...summaryOf(body, langs), courseId },
    });
    return toStudioElement(row);
  });
}

export async function updateElement(ctx: StudioContext, actor: TUser, elementId: string, patch: TElementPatch): Promise<TStudioElement> {
  assertContentAuthor(actor);
  const langs = await checkLangs(ctx, patch, { newTitle: false });
  return ctx.repo.change(authorOf(ctx, actor), async (w) => {
    const before = await w.element(ctx.portalId, elementId);
    if (!before) throw new AppError("NOT_FOUND", `No element ${elementId}`);
    await w.updateElement(elementId, patch);
    await w.touchCourse(before.courseId);
    await w.audit({
      action: "element.update",
      entityType: "element",
      entityId: elementId,
      summary: { ...summaryOf(patch, langs), courseId: before.courseId },
    });
    return toStudioElement((await w.element(ctx.portalId, elementId))!);
  });
}

/**
 * Puts the course's elements in the given order (indexes and numbers follow). The list must name
 * every element of the course exactly once, and no other: a list made from a stale view is refused
 * and nothing moves.
 */
export async function reorderElements(ctx: StudioContext, actor: TUser, courseId: string, order: string[]): Promise<TStudioElement[]> {
  assertContentAuthor(actor);
  return ctx.repo.change(authorOf(ctx, actor), async (w) => {
    await lockCourse(ctx, w, courseId);
    const current = (await w.elements(courseId)).map((e) => e.id);
    const mismatch = orderMismatch(current, order);
    if (mismatch) throw new AppError("ELEMENT_ORDER_MISMATCH", "The order must name every element of the course exactly once", mismatch);
    await w.reorderElements(courseId, order);
    await w.touchCourse(courseId);
    await w.audit({
      action: "course.reorder-elements",
      entityType: "course",
      entityId: courseId,
      summary: { fields: ["elements"] },
    });
    return (await w.elements(courseId)).map(toStudioElement);
  });
}
