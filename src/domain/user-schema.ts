import { z } from "zod";

/** A user as the API answers it (the type, TUser, and the rules about users are in user.ts). */
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
