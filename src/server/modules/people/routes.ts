import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZPeoplePage, ZPeopleQuery, ZPersonDetail, ZRolesPut, ZUserId } from "../../../domain/people";
import { ZText } from "../../../domain/validation/safe-text";
import { requireUser } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import type { FastifyRequest } from "fastify";
import type { PeopleService, PrepareReset } from "./service";

const reads = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };
const writes = { ...reads, 409: ZErrorReply, 413: ZErrorReply, 415: ZErrorReply };
const person = z.object({ userId: ZUserId });
const langQuery = z.object({ lang: ZText.regex(/^[a-z]{2,3}$/).optional() });
const who = "Admins and mp-admin only (ADMINS-ONLY otherwise); only an admin grants, removes or acts on `admin` (docs/decisions/0057).";

/** The back office's people (issue 16): thin routes, the rules live in the service and domain/people-policy.ts. */
export const peopleRoutes =
  (people: PeopleService, deps: { sendReset: (req: FastifyRequest) => PrepareReset }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ["admin"];
    const actor = async (req: FastifyRequest) => (await requireUser(req)).user;
    app.get(
      "/admin/users",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "peopleSearch",
          summary: "Search people by name, e-mail, phone or id (paged)",
          description: `${who} Name and e-mail: contains, any case; phone and id: starts with. Sessions only with sessions=include.`,
          querystring: ZPeopleQuery,
          response: { 200: ZPeoplePage, ...reads },
        },
      },
      async (req) => people.search(await actor(req), req.query),
    );
    app.get(
      "/admin/users/:userId",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "peopleGet",
          summary: "One person: roles, sign-in methods, block state, courses, orders, chats, consent",
          description: who,
          params: person,
          querystring: langQuery,
          response: { 200: ZPersonDetail, ...reads },
        },
      },
      async (req) => people.get(await actor(req), req.params.userId, req.query.lang),
    );
    app.put(
      "/admin/users/:userId/roles",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "peopleSetRoles",
          summary: "Set a person's roles",
          description: `${who} Leaving the portal without an admin is LAST-ADMIN (409); without anyone holding admin or mp-admin, LAST-MANAGER (409).`,
          params: person,
          querystring: langQuery,
          body: ZRolesPut,
          response: { 200: ZPersonDetail, ...writes },
        },
      },
      async (req) => people.setRoles(await actor(req), req.params.userId, req.body.roles, req.query.lang),
    );
    app.post(
      "/admin/users/:userId/block",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "peopleBlock",
          summary: "Block a person: sessions end, sign-in refused (ACCOUNT-BLOCKED)",
          description: `${who} Not oneself (NOT-ON-YOURSELF, 409), not the last admin (LAST-ADMIN, 409).`,
          params: person,
          querystring: langQuery,
          response: { 200: ZPersonDetail, ...writes },
        },
      },
      async (req) => people.block(await actor(req), req.params.userId, req.query.lang),
    );
    app.post(
      "/admin/users/:userId/unblock",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "peopleUnblock",
          summary: "Unblock a person",
          description: who,
          params: person,
          querystring: langQuery,
          response: { 200: ZPersonDetail, ...writes },
        },
      },
      async (req) => people.unblock(await actor(req), req.params.userId, req.query.lang),
    );
    app.post(
      "/admin/users/:userId/password-reset",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "peoplePasswordReset",
          summary: "Mail the person a password reset link",
          description: `${who} The forgot-password letter; PERSON-NO-EMAIL (409) for an account without an address.`,
          params: person,
          response: { 200: z.object({ state: z.literal("ok") }), ...writes },
        },
      },
      async (req) => {
        await people.sendPasswordReset(await actor(req), req.params.userId, deps.sendReset(req));
        return { state: "ok" as const };
      },
    );
    app.delete(
      "/admin/users/:userId",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "peopleDelete",
          summary: "Delete a person's account",
          description: `${who} Sessions end with it; not oneself, not the last admin.`,
          params: person,
          response: { 204: z.null(), ...writes },
        },
      },
      async (req, reply) => {
        await people.remove(await actor(req), req.params.userId);
        return reply.status(204).send(null);
      },
    );
    app.get(
      "/admin/users/:userId/export",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "peopleExport",
          summary: "Everything kept about a person, as a JSON file (right of access)",
          description: `${who} No password or token hashes.`,
          params: person,
          response: { 200: z.instanceof(Buffer).describe("application/json (attachment)"), ...reads },
        },
      },
      async (req, reply) => {
        const data = await people.exportData(await actor(req), req.params.userId);
        const name = `person-${req.params.userId.replace(/[^A-Za-z0-9_-]/g, "_")}.json`;
        return reply
          .header("content-type", "application/json; charset=utf-8")
          .header("content-disposition", `attachment; filename="${name}"`)
          .header("cache-control", "no-store")
          .send(Buffer.from(JSON.stringify(data, null, 2), "utf8"));
      },
    );
  };
