import { isSignedIn, type TUser } from "../../../domain/user";

/** Access rules of discussions (docs/decisions/0043), one function per rule. */

type Viewer = Pick<TUser, "id" | "roles" | "status">;

/** Seed §6 "disciples discuss": a registered account; guests and anonymous sessions see the sign-in door. */
export function mayDiscuss(viewer: Pick<TUser, "id" | "status">): boolean {
  return isSignedIn(viewer);
}

/**
 * Mentors, leaders and admins moderate every discussion of the portal: they read any thread (hidden
 * posts marked), answer, pin, hide and restore, and read reports, whatever their own progress.
 */
export function mayModerate(viewer: Viewer): boolean {
  return mayDiscuss(viewer) && viewer.roles.some((r) => r === "mentor" || r === "mp-leader" || r === "mp-admin" || r === "admin");
}

/** Switching an element's discussion on or off is content authoring: portal admins. */
export function maySwitchDiscussions(viewer: Viewer): boolean {
  return mayDiscuss(viewer) && viewer.roles.includes("admin");
}

/** A post's text is changed or deleted by its author only (moderators hide instead). */
export function mayChangePost(viewer: Pick<TUser, "id">, post: { authorId: string }): boolean {
  return viewer.id === post.authorId;
}

/** A hidden post is seen by its author (marked hidden) and by moderators; nobody else. */
export function maySeeHidden(viewer: Viewer, post: { authorId: string }): boolean {
  return viewer.id === post.authorId || mayModerate(viewer);
}
