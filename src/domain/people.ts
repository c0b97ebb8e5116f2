import { z } from "zod";
import { ZText } from "./validation/safe-text";

/**
 * The back office's people screens (issue 16): search, one person, role changes, blocking, export.
 * Schemas shared by the API and the screens; the rules of who may do what are in people-policy.ts.
 */

/** The roles the back office hands out (envmgr-admin is the environment's own and not shown). */
export const MANAGED_ROLES = ["disciple", "mentor", "mp-leader", "mp-admin", "admin"] as const;
export type TManagedRole = (typeof MANAGED_ROLES)[number];

export const PEOPLE_QUERY_MAX = 120;
export const PEOPLE_PAGE_MAX = 100;
/** Fastify routes no longer path parameter (maxParamLength) anyway. */
export const USER_ID_MAX = 100;

/** A registered account (e-mail, phone or a provider), an anonymous one (username only), or a temporary session. */
export const PERSON_KINDS = ["registered", "anonymous", "session"] as const;
export type TPersonKind = (typeof PERSON_KINDS)[number];

export const ZUserId = ZText.min(1).max(USER_ID_MAX);

export const ZPeopleQuery = z.object({
  /** One box: part of a name or e-mail (any case), the start of a phone number or of an id. */
  q: ZText.trim().max(PEOPLE_QUERY_MAX).optional(),
  /** Temporary sessions (status 'session') are left out unless asked for. */
  sessions: z.enum(["include", "exclude"]).default("exclude"),
  /** The cursor of the next page (the `next` of the previous one). */
  after: ZText.max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PEOPLE_PAGE_MAX).default(25),
});
export type TPeopleQuery = z.infer<typeof ZPeopleQuery>;

export const ZPersonSummary = z.object({
  id: z.string(),
  kind: z.enum(PERSON_KINDS),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  username: z.string().nullable(),
  roles: z.array(z.string()),
  blocked: z.boolean(),
  registered: z.string().nullable(),
  createdAt: z.string(),
});
export type TPersonSummary = z.infer<typeof ZPersonSummary>;

export const ZPeoplePage = z.object({ people: z.array(ZPersonSummary), next: z.string().nullable() });
export type TPeoplePage = z.infer<typeof ZPeoplePage>;

export const ZPersonCourse = z.object({
  courseId: z.string(),
  done: z.number().int(),
  started: z.number().int(),
  updatedAt: z.string(),
});

export const ZPersonOrder = z.object({
  id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  createdAt: z.string(),
});

export const ZPersonChat = z.object({ id: z.string(), status: z.string(), mentorId: z.string().nullable(), lastMessageAt: z.string().nullable() });

export const ZPersonDetail = ZPersonSummary.extend({
  /** Sign-in methods: "password" when the account has one, and each provider it is linked to. */
  signIn: z.array(z.object({ method: z.string(), email: z.string().nullable() })),
  emailVerified: z.boolean(),
  blockedAt: z.string().nullable(),
  consents: z.array(z.object({ learningPortalId: z.string(), cookies: z.record(z.string(), z.string()) })),
  deletion: z.array(z.object({ environmentId: z.string(), at: z.string() })),
  courses: z.array(ZPersonCourse),
  orders: z.array(ZPersonOrder),
  chats: z.array(ZPersonChat),
});
export type TPersonDetail = z.infer<typeof ZPersonDetail>;

export const ZRolesPut = z.object({ roles: z.array(z.enum(MANAGED_ROLES)).max(MANAGED_ROLES.length) });
export type TRolesPut = z.infer<typeof ZRolesPut>;
