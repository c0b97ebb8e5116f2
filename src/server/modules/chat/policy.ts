import { isSignedIn, type TUser } from "../../../domain/user";

/** Access rules of the mentor chat (docs/decisions/0033), one function per rule. */

type Viewer = Pick<TUser, "id" | "roles" | "status">;

/** Chat needs a registered account: a guest or an anonymous session sees sign-in buttons instead (seed §6). */
export function mayChat(viewer: Pick<TUser, "id" | "status">): boolean {
  return isSignedIn(viewer);
}

/** Leaders see and reassign every chat of the portal and set its timers: mp-leader, mp-admin and portal admins. */
export function mayLead(viewer: Pick<Viewer, "roles">): boolean {
  return viewer.roles.some((r) => r === "mp-leader" || r === "mp-admin" || r === "admin");
}

/** The mentors' inbox and its actions: mentors, leaders and admins. */
export function mayUseInbox(viewer: Pick<Viewer, "roles">): boolean {
  return mayLead(viewer) || viewer.roles.includes("mentor");
}

/**
 * A chat is read and written by its student, its assigned mentor, and the portal's leaders and
 * admins; anyone else is told it does not exist (404, no probing of ids).
 */
export function mayReadChat(viewer: Viewer, chat: { studentId: string; mentorId: string | null }): boolean {
  if (!mayChat(viewer)) return false;
  return viewer.id === chat.studentId || (chat.mentorId !== null && viewer.id === chat.mentorId) || mayLead(viewer);
}
