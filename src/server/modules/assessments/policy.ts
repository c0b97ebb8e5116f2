import type { TUser } from "../../../domain/user";
import { isSignedIn } from "../../../domain/user";
import { mayAuthorContent } from "../../../domain/studio-policy";

/** Access rules of the assessments area, one function per rule. */

type Who = Pick<TUser, "id" | "status" | "roles">;

/** The mentors' review queue: mentors, their leaders and portal admins (as the mentors' inbox). */
export function mayReview(who: Who): boolean {
  return isSignedIn(who) && who.roles.some((r) => r === "mentor" || r === "mp-leader" || r === "mp-admin" || r === "admin");
}

/** Authoring of tests (statistics, imports): the studio's authors (domain/studio-policy.ts). */
export const mayAuthor: (who: Who) => boolean = mayAuthorContent;
