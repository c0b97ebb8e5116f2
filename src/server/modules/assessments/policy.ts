import type { TUser } from "../../../domain/user";
import { isSignedIn } from "../../../domain/user";

/** Access rules of the assessments area, one function per rule. */

type Who = Pick<TUser, "id" | "status" | "roles">;

/** The mentors' review queue: mentors, their leaders and portal admins (as the mentors' inbox). */
export function mayReview(who: Who): boolean {
  return isSignedIn(who) && who.roles.some((r) => r === "mentor" || r === "mp-leader" || r === "mp-admin" || r === "admin");
}

/** Authoring of tests (statistics, imports): portal admins, mp-admin and mp-leader. */
export function mayAuthor(who: Who): boolean {
  return isSignedIn(who) && who.roles.some((r) => r === "admin" || r === "mp-admin" || r === "mp-leader");
}
