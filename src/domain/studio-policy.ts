import { isSignedIn, type TUser } from "./user";

/**
 * Who may author what in the creator studio (issue 15), one function per rule: the server's studio
 * routes check them on every call and the studio's page loaders check them before drawing a screen.
 * Zod-free, so a loader asks them without the schemas.
 */

type Who = Pick<TUser, "id" | "status" | "roles">;

/** Courses, elements and pages: portal admins, mp-admin and mp-leader (as the authoring of tests). */
export function mayAuthorContent(who: Who): boolean {
  return isSignedIn(who) && who.roles.some((r) => r === "admin" || r === "mp-admin" || r === "mp-leader");
}

/**
 * The roles that run the back office: portal settings, people and orders (mayManagePeople and
 * mayManageOrders ask mayAuthorPortalSettings). The last active holder of any of them is kept
 * (LAST_MANAGER, users/repo.ts), so a portal always has somebody who can manage it.
 */
export const BACK_OFFICE_ROLES = ["admin", "mp-admin"] as const;

/** Portal settings (theme, navigation, languages): admins and mp-admin, not mp-leader. */
export function mayAuthorPortalSettings(who: Who): boolean {
  return isSignedIn(who) && who.roles.some((r) => (BACK_OFFICE_ROLES as readonly string[]).includes(r));
}
