import { z } from "zod";

export const GUEST_ID = "guest";
export const ROLES = ["disciple", "mentor", "mp-leader", "mp-admin", "admin", "envmgr-admin"] as const;

/** Login methods, recorded in `links` as "<method>|<identifier>". */
export type LoginMethod =
  "email" | "anonymous" | "session" | "quick" | "google" | "facebook" | "telegram" | "whatsapp" | "viber" | "facebookmessenger" | "onetap";

export const ZUser = z.object({
  id: z.string(),
  roles: z.array(z.string()),
  status: z.enum(["active", "session"]).nullable(),
  email: z.string().nullable(),
  /** `email` was proven to be the learner's (a verification link, or a provider that vouches for it). */
  emailVerified: z.boolean(),
  /** A new address asked for in the profile, waiting for its verification link; `email` stays until then. */
  pendingEmail: z.string().nullable(),
  phone: z.string().nullable(),
  username: z.string().nullable(),
  complete: z.boolean(),
  registered: z.string().nullable(),
  fullName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatar: z.object({ url: z.string(), thumbnails: z.record(z.string(), z.string()).optional() }).nullable(),
  deletion: z.array(z.object({ environmentId: z.string(), profileId: z.string(), at: z.string() })),
  learning: z.object({ environments: z.array(z.string()) }),
  gdpr: z.object({ portals: z.array(z.object({ learningPortalId: z.string(), cookies: z.record(z.string(), z.enum(["granted", "denied"])) })) }),
  analytics: z.object({ utm: z.array(z.record(z.string(), z.string())) }),
  orders: z.object({ courses: z.array(z.string()) }),
  links: z.array(z.string()),
  chatV2: z.array(z.object({ chatId: z.string(), learningPortalId: z.string() })),
});
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
