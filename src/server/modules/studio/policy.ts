import type { TUser } from "../../../domain/user";

/** Content (courses, pages, settings) is authored by portal admins only. */
export function canEditContent(actor: Pick<TUser, "roles">): boolean {
  return actor.roles.includes("admin");
}
