import type { z } from "zod";
import type { ZUser } from "./user-schema";

/*
 * The user's type and rules, without zod: the browser runs these on every page
 * (docs/decisions/0020-lean-client.md). The schema is in user-schema.ts.
 */

export const GUEST_ID = "guest";
export const ROLES = ["disciple", "mentor", "mp-leader", "mp-admin", "admin", "envmgr-admin"] as const;

/** Login methods, recorded in `links` as "<method>|<identifier>". */
export type LoginMethod =
  "email" | "anonymous" | "session" | "quick" | "google" | "facebook" | "telegram" | "whatsapp" | "viber" | "facebookmessenger" | "onetap";

export type TUser = z.infer<typeof ZUser>;

/** What a visitor without any account is. */
export function guestUser(): TUser {
  return {
    id: GUEST_ID,
    roles: [],
    status: null,
    email: null,
    emailVerified: false,
    pendingEmail: null,
    phone: null,
    username: null,
    complete: false,
    registered: null,
    fullName: "",
    firstName: null,
    lastName: null,
    avatar: null,
    deletion: [],
    learning: { environments: [] },
    gdpr: { portals: [] },
    analytics: { utm: [] },
    orders: { courses: [] },
    links: [],
    chatV2: [],
  };
}

/** Seed 001 §4: signed in means an id other than guest and a status other than session. */
export function isSignedIn(user: Pick<TUser, "id" | "status">): boolean {
  return user.id !== GUEST_ID && user.status !== "session";
}

/** Seed 001 §4: a non-guest user lacking the disciple role is upgraded on session creation and profile update. */
export function needsDiscipleUpgrade(user: Pick<TUser, "id" | "roles">): boolean {
  return user.id !== GUEST_ID && !user.roles.includes("disciple");
}

/** The login method of a link: the part before the pipe. */
export function linkMethod(link: string): string {
  const i = link.indexOf("|");
  return i < 0 ? link : link.slice(0, i);
}

/** Progress record id of seed 000 §3. */
export function progressRecordId(portalId: string, userId: string): string {
  return `${portalId}:${userId}`;
}
