import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZAddMentorRequest, ZAdminMentors, ZChatModeRequest, ZMentorPatch } from "../../../domain/mentor-admin";
import { ZText } from "../../../domain/validation/safe-text";
import { requireUser } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import type { ChatService } from "./service";

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };
const ZMentorParams = z.object({ mentorId: ZText.min(1).max(100) });

/** The back office's mentors (issue 16, docs/decisions/0059): admins and mp-admin; everyone else 403 ADMINS-ONLY. */
export const chatAdminRoutes =
  (chat: ChatService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/admin/mentors",
      {
        config: { auth: "user" },
        schema: {
          tags: ["admin"],
          operationId: "listAdminMentors",
          summary: "The portal's mentors with their load, the chat's mode, and who could be added (admins)",
          description: "Load: open chats per mentor and those waiting for an answer. Candidates: users with the mentor role who do not serve the portal.",
          response: { 200: ZAdminMentors, ...errors },
        },
      },
      async (req) => chat.adminMentors((await requireUser(req)).user),
    );
    app.post(
      "/admin/mentors",
      {
        config: { auth: "user" },
        schema: {
          tags: ["admin"],
          operationId: "addAdminMentor",
          summary: "A user with the mentor role serves the portal (admins)",
          description: "Makes their mentor profile, or updates its campaign and availability when it exists. 409 MENTOR-ROLE-MISSING without the role.",
          body: ZAddMentorRequest,
          response: { 200: ZAdminMentors, ...errors },
        },
      },
      async (req) => chat.addMentor((await requireUser(req)).user, req.body),
    );
    app.put(
      "/admin/mentors/mode",
      {
        config: { auth: "user" },
        schema: {
          tags: ["admin"],
          operationId: "setAdminChatMode",
          summary: "The chat's assignment mode: single, multiple or the distribution bot (admins)",
          description: "Learners' chat setup shows it at once. Chats already made keep their own mode.",
          body: ZChatModeRequest,
          response: { 200: ZAdminMentors, ...errors },
        },
      },
      async (req) => chat.setChatMode((await requireUser(req)).user, req.body.mode),
    );
    app.patch(
      "/admin/mentors/:mentorId",
      {
        config: { auth: "user" },
        schema: {
          tags: ["admin"],
          operationId: "updateAdminMentor",
          summary: "A mentor's campaign name and availability (admins)",
          description: "404 MENTOR-NOT-FOUND for unknown profiles or another portal's.",
          params: ZMentorParams,
          body: ZMentorPatch,
          response: { 200: ZAdminMentors, ...errors },
        },
      },
      async (req) => chat.patchMentor((await requireUser(req)).user, req.params.mentorId, req.body),
    );
    app.delete(
      "/admin/mentors/:mentorId",
      {
        config: { auth: "user" },
        schema: {
          tags: ["admin"],
          operationId: "removeAdminMentor",
          summary: "A mentor no longer serves the portal (admins)",
          description: "Their open chats go back to the distribution bot, which gives them to the least busy available mentor.",
          params: ZMentorParams,
          response: { 200: ZAdminMentors, ...errors },
        },
      },
      async (req) => chat.removeMentor((await requireUser(req)).user, req.params.mentorId),
    );
  };
