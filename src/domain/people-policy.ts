import { mayAuthorPortalSettings } from "./studio-policy";
import type { TUser } from "./user";

/**
 * Who may do what to a person in the back office (issue 16, docs/decisions/0057), one place for the
 * server and the screens:
 * - The people screens are for admins and mp-admin (the portal-settings rule).
 * - Only an admin touches `admin`: granting it, removing it, and acting on an admin's account at all
 *   (roles, block, reset, delete). mp-admin manages everyone else and may hand out mp-admin.
 * - The last (unblocked) admin is kept: a change that would leave none is LAST_ADMIN; so is the last
 *   holder of any back-office role (admin or mp-admin, BACK_OFFICE_ROLES): LAST_MANAGER. The server
 *   checks both in the transaction of the change, and nobody blocks or deletes themselves.
 */
type Who = Pick<TUser, "id" | "status" | "roles">;

export function mayManagePeople(who: Who): boolean {
  return mayAuthorPortalSettings(who);
}

/** Acting on this person's account: admins on anyone, mp-admin on anyone who is not an admin. */
export function mayActOn(who: Who, target: { roles: readonly string[] }): boolean {
  if (!mayManagePeople(who)) return false;
  return who.roles.includes("admin") || !target.roles.includes("admin");
}

/** Changing roles from `before` to `after`: granting or removing `admin` is for admins only. */
export function mayChangeRoles(who: Who, before: readonly string[], after: readonly string[]): boolean {
  if (!mayActOn(who, { roles: before })) return false;
  const adminChanges = before.includes("admin") !== after.includes("admin");
  return !adminChanges || who.roles.includes("admin");
}
