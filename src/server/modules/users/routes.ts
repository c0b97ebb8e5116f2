import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CONSENT_CATEGORIES } from "../../../domain/constants";
import { AppError } from "../../../domain/errors";
import { guestUser } from "../../../domain/user";
import { ZUser } from "../../../domain/user-schema";
import { ZEmail, ZPhone } from "../../../domain/validation/fields";
import { requireUser } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import { createWindowCounter, PER_ACCOUNT_LIMITS, RATE_LIMITS, rateLimit, type RateLimitStore } from "../../platform/rate-limit";
import { canReadUser } from "./policy";
import { ZUtmMeta } from "../../../domain/arrival";
import type { UsersService } from "./service";
import { ZText } from "../../../domain/validation/safe-text";

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply, 429: ZErrorReply };
// The API refuses unknown keys; the arrival cookie only drops them.
const ZUtmRecord = ZUtmMeta.strict();

export interface UsersRoutesDeps {
  /**
   * A new e-mail for the account: kept pending and mailed a verification link (or, when another
   * account holds it, a notice), in the language of the hint. Never says which (docs/decisions/0012).
   */
  requestEmailChange: (req: FastifyRequest, userId: string, email: string, hint: { website?: string; lang?: string }) => Promise<void>;
  windowMs: number;
  /** The shared rate-limit counters (per-account limits). */
  limits: RateLimitStore;
}

export const usersRoutes =
  (users: UsersService, portalId: string, deps: UsersRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const profilePerAccount = createWindowCounter(deps.limits, { name: "profile-account", max: PER_ACCOUNT_LIMITS.profile, windowMs: deps.windowMs });
    app.get(
      "/users/me",
      {
        schema: {
          tags: ["users"],
          operationId: "getCurrentUser",
          summary: "The current user (the guest user when not signed in)",
          description: "Reads the signed-in user, or the guest user, with roles and profile.",
          response: { 200: ZUser, ...errors },
        },
      },
      async (req) => {
        const a = await req.auth();
        if (a.kind === "bad-token") throw new AppError("TOKEN_BAD", "The access token is not valid");
        return a.kind === "user" ? a.user : guestUser();
      },
    );

    app.get(
      "/users/:id",
      {
        config: { auth: "user" },
        schema: {
          tags: ["users"],
          operationId: "getUser",
          summary: "A user by id: yourself, or anyone for admins",
          description: "Reads one user by id; others than yourself need the admin role.",
          params: z.object({ id: ZText.min(1).max(100) }),
          response: { 200: ZUser, ...errors },
        },
      },
      async (req) => {
        const { user } = await requireUser(req);
        if (!canReadUser(user, req.params.id)) throw new AppError("AUTH_DENY", "You may only read your own account");
        return users.get(req.params.id);
      },
    );

    app.patch(
      "/users/me/profile",
      {
        schema: {
          tags: ["users"],
          operationId: "updateProfile",
          summary: "Update the profile core (phone, complete; a new e-mail waits as pendingEmail for its link); upgrades to disciple",
          description: "Changes the signed-in user's profile fields.",
          body: z.object({
            core: z.object({ email: ZEmail.optional(), phone: ZPhone.optional(), complete: z.boolean().optional() }).strict(),
            /** The page's address or language: the verification letter's language. */
            website: ZText.max(2048).optional(),
            lang: ZText.min(2).max(8).optional(),
          }),
          response: { 200: ZUser, ...errors },
        },
        config: { ...rateLimit(RATE_LIMITS.profile, deps.windowMs), auth: "user" },
      },
      async (req) => {
        const { user } = await requireUser(req);
        await profilePerAccount.hit(user.id);
        const { email, ...core } = req.body.core;
        const updated = await users.updateProfile(user.id, core);
        if (email === undefined) return updated;
        await deps.requestEmailChange(req, user.id, email, { website: req.body.website, lang: req.body.lang });
        return users.get(user.id);
      },
    );

    app.put(
      "/users/me/deletion",
      {
        config: { auth: "user" },
        schema: {
          tags: ["users"],
          operationId: "requestAccountDeletion",
          summary: "Mark your account for deletion on this portal (profile id 'bo:<userId>')",
          description: "Asks for the signed-in account to be deleted on this portal.",
          body: z.object({ id: ZText.regex(/^bo:/) }),
          response: { 200: ZUser, ...errors },
        },
      },
      async (req) => users.setDeletion((await requireUser(req)).user.id, req.body.id),
    );

    app.delete(
      "/users/me/deletion",
      {
        config: { auth: "user" },
        schema: {
          tags: ["users"],
          operationId: "cancelAccountDeletion",
          summary: "Remove the deletion mark for this portal",
          description: "Withdraws the signed-in user's deletion request.",
          response: { 200: ZUser, ...errors },
        },
      },
      async (req) => users.removeDeletion((await requireUser(req)).user.id),
    );

    app.put(
      "/users/me/cookies",
      {
        config: { auth: "user" },
        schema: {
          tags: ["users"],
          operationId: "setCookieConsent",
          summary: "Store cookie consent for a learning portal",
          description: "Stores the signed-in user's cookie choices for one portal.",
          body: z.object({
            learningPortalId: ZText.min(1).max(64),
            cookies: z.record(z.enum(CONSENT_CATEGORIES), z.enum(["granted", "denied"])),
          }),
          response: { 200: ZUser, ...errors },
        },
      },
      async (req) => users.updateCookies((await requireUser(req)).user.id, req.body.learningPortalId, req.body.cookies),
    );

    app.put(
      "/users/me/utm",
      {
        config: { auth: "user" },
        schema: {
          tags: ["users"],
          operationId: "setUtm",
          summary: "Set analytics.utm",
          description: "Stores the campaign (utm) records the visitor arrived with.",
          body: z.object({ utm: z.array(ZUtmRecord).max(20) }),
          response: { 200: ZUser, ...errors },
        },
      },
      async (req) => users.setUtm((await requireUser(req)).user.id, req.body.utm),
    );

    app.put(
      "/portals/:portalId/disciples/:userId",
      {
        config: { auth: "user" },
        schema: {
          tags: ["users"],
          operationId: "joinPortal",
          summary: "Register yourself as a disciple of the portal",
          description: "Makes the signed-in user a disciple (learner) of the portal.",
          params: z.object({ portalId: ZText.min(1).max(64), userId: ZText.min(1).max(100) }),
          // Fastify hands a missing body to the validator as null.
          body: z.object({ utm: z.array(ZUtmRecord).max(20).optional() }).nullish(),
          response: { 204: z.null(), ...errors },
        },
      },
      async (req, reply) => {
        const { user } = await requireUser(req);
        if (req.params.userId !== user.id) throw new AppError("AUTH_DENY", "You may only register yourself");
        if (req.params.portalId !== portalId) throw new AppError("NOT_FOUND", `Unknown portal ${req.params.portalId}`);
        await users.registerDisciple(user.id, req.body?.utm ?? []);
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/progress/ensure",
      {
        config: { auth: "user" },
        schema: {
          tags: ["progress"],
          operationId: "ensureProgressRecord",
          summary: "Ensure the progress record {portalId}:{userId} of the current user",
          description: "Creates the signed-in learner's progress record when it is missing.",
          response: { 200: z.object({ id: z.string(), portalId: z.string(), userId: z.string() }), ...errors },
        },
      },
      async (req) => users.ensureProgress((await requireUser(req)).user.id),
    );
  };
