import { AppError } from "../../../../domain/errors";
import type { TCourseTexts, TCourseTextsPatch } from "../../../../domain/studio";
import type { TUser } from "../../../../domain/user";
import { canEditContent } from "../policy";
import type { StudioContext } from "./context";

/**
 * Changes a course's title and/or description in the languages named (admins only). The write and
 * the content version bump are one transaction: the catalogue, the course page and the cached guest
 * pages show the new texts on the next read, on every instance.
 */
export async function updateCourse(ctx: StudioContext, actor: TUser, courseId: string, patch: TCourseTextsPatch): Promise<TCourseTexts> {
  if (!canEditContent(actor)) throw new AppError("AUTH_DENY", "Only portal admins may change courses");
  const { langs } = await ctx.portalLangs();
  const named = [...Object.keys(patch.title ?? {}), ...Object.keys(patch.description ?? {})];
  const foreign = named.find((lang) => !langs.includes(lang));
  if (foreign) throw new AppError("UNSUPPORTED_LANG", `Language '${foreign}' is not one of ${langs.join(", ")}`);
  return ctx.repo.change(async (w) => {
    const row = await w.updateCourseTexts(ctx.portalId, courseId, patch);
    if (!row) throw new AppError("NOT_FOUND", `No course ${courseId}`);
    return { id: row.id, title: row.title, description: row.description, updatedAt: row.updatedAt.toISOString() };
  });
}
