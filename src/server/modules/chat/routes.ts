import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZChat,
  ZChatId,
  ZChatMessage,
  ZChatMessagePage,
  ZChatMessagesQuery,
  ZChatSetup,
  ZChatUpdates,
  ZChatUpdatesQuery,
  ZCreateChatRequest,
  ZMarkReadRequest,
  ZMentorProfile,
  ZMentorProfileId,
  ZMentorProfilesQuery,
  ZSendMessageRequest,
  ZUnreadSummary,
} from "../../../domain/chat";
import { AppError } from "../../../domain/errors";
import { requireSignedIn } from "../../platform/auth/request-auth";
import { ZText } from "../../../domain/validation/safe-text";
import { ZErrorReply } from "../../platform/errors";
import type { ChatService } from "./service";

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply, 413: ZErrorReply, 429: ZErrorReply };
/** The reader's language for names, system messages and context titles (else the learner's, else the portal's). */
export const ZLang = ZText.regex(/^[a-z]{2,3}$/).optional();
const ZLangQuery = z.object({ lang: ZLang });
const ZChatParams = z.object({ chatId: ZChatId });
/** A message is at most 1500 characters: its request is small whatever it carries. */
export const CHAT_BODY_LIMIT = 32 * 1024;

/** A registered account: a bad token is 401 TOKEN-BAD, a guest 403 REGISTRATION-REQUIRED (the service refuses anonymous sessions too). */
export const chatter = (req: FastifyRequest) => requireSignedIn(req, "Sign up to chat with a mentor");

/** The learner's (and any participant's) side of the chat: docs/api/chat.md. */
export const chatRoutes =
  (chat: ChatService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/mentors",
      {
        schema: {
          tags: ["chat"],
          operationId: "listMentorProfiles",
          summary: "Mentor profiles (seed: filter mentorOnLpIds, roleIds, campaign; at most 100)",
          description: "Public: the chat widget shows the mentors before anyone signs in.",
          querystring: ZMentorProfilesQuery,
          response: { 200: z.object({ items: z.array(ZMentorProfile) }), ...errors },
        },
      },
      async (req) => chat.listMentors(req.query),
    );

    app.get(
      "/mentors/:id",
      {
        schema: {
          tags: ["chat"],
          operationId: "getMentorProfile",
          summary: "One mentor profile",
          description: "Unknown ids are 404 MENTOR-NOT-FOUND.",
          params: z.object({ id: ZMentorProfileId }),
          querystring: ZLangQuery,
          response: { 200: ZMentorProfile, ...errors },
        },
      },
      async (req) => chat.getMentor(req.params.id, req.query.lang),
    );

    app.get(
      "/chats/setup",
      {
        schema: {
          tags: ["chat"],
          operationId: "getChatSetup",
          summary: "The widget's start: mode, mentors, campaign mentor, the caller's chat, typical reply time",
          description: "Guests and anonymous sessions get the mentors and the mode with no chat (they see sign-in buttons).",
          querystring: ZLangQuery,
          response: { 200: ZChatSetup, ...errors },
        },
      },
      async (req) => {
        const a = await req.auth();
        if (a.kind === "bad-token") throw new AppError("TOKEN_BAD", "The access token is not valid");
        return chat.setup(a.kind === "user" ? a.user : null, req.query.lang);
      },
    );

    app.post(
      "/chats",
      {
        config: { auth: "signed-in" },
        bodyLimit: CHAT_BODY_LIMIT,
        schema: {
          tags: ["chat"],
          operationId: "createStudentChat",
          summary: "Create (or get again) the learner's one chat on the portal",
          description: "studentId must be the caller's (403 CHAT-NOT-YOURS); 201 when made now, 200 when it existed.",
          body: ZCreateChatRequest,
          querystring: ZLangQuery,
          response: { 200: ZChat, 201: ZChat, ...errors },
        },
      },
      async (req, reply) => {
        const made = await chat.createChat(await chatter(req), req.body, req.query.lang);
        return reply.status(made.created ? 201 : 200).send(made.chat);
      },
    );

    app.get(
      "/chats/unread",
      {
        schema: {
          tags: ["chat"],
          operationId: "getChatUnread",
          summary: "The 15 s unread check: unread messages per chat and unread notifications",
          description: "A guest or an anonymous session gets zeros; a bad token is 401.",
          response: { 200: ZUnreadSummary, ...errors },
        },
      },
      async (req) => chat.unread(await req.auth()),
    );

    app.get(
      "/chats/:chatId",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["chat"],
          operationId: "getChat",
          summary: "A chat with its unread count (its student, its mentor, leaders)",
          description: "Anyone else's or an unknown chat is 404 CHAT-NOT-FOUND.",
          params: ZChatParams,
          querystring: ZLangQuery,
          response: { 200: ZChat, ...errors },
        },
      },
      async (req) => chat.getChat(await chatter(req), req.params.chatId, req.query.lang),
    );

    app.get(
      "/chats/:chatId/messages",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["chat"],
          operationId: "listChatMessages",
          summary: "Messages before a cursor, 20 at most, oldest first within the page",
          description: "Seed §7: edges with node and cursor; pageInfo hasPreviousPage and startCursor.",
          params: ZChatParams,
          querystring: ZChatMessagesQuery.extend({ lang: ZLang }),
          response: { 200: ZChatMessagePage, ...errors },
        },
      },
      async (req) => chat.listMessages(await chatter(req), req.params.chatId, req.query),
    );

    app.post(
      "/chats/:chatId/messages",
      {
        config: { auth: "signed-in" },
        bodyLimit: CHAT_BODY_LIMIT,
        schema: {
          tags: ["chat"],
          operationId: "sendChatMessage",
          summary: "Send a message with a client-made id (201); the same id and text again returns it (200)",
          description: "Another text or chat under a used id is 409 CHAT-MESSAGE-CONFLICT; too many sends 429 RATE-LIMITED.",
          params: ZChatParams,
          querystring: ZLangQuery,
          body: ZSendMessageRequest,
          response: { 200: ZChatMessage, 201: ZChatMessage, ...errors },
        },
      },
      async (req, reply) => {
        const sent = await chat.sendMessage(await chatter(req), req.params.chatId, req.body, req.query.lang);
        return reply.status(sent.created ? 201 : 200).send(sent.message);
      },
    );

    app.post(
      "/chats/:chatId/read",
      {
        config: { auth: "signed-in" },
        bodyLimit: CHAT_BODY_LIMIT,
        schema: {
          tags: ["chat"],
          operationId: "markChatRead",
          summary: "Mark the other side's messages read (a reply's notification is read with it)",
          description: "Ids of the caller's own messages or of other chats change nothing.",
          params: ZChatParams,
          body: ZMarkReadRequest,
          response: { 200: z.object({ unreadMessagesCount: z.number().int() }), ...errors },
        },
      },
      async (req) => chat.markRead(await chatter(req), req.params.chatId, req.body.ids),
    );

    app.get(
      "/chats/:chatId/updates",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["chat"],
          operationId: "getChatUpdates",
          summary: "Messages after a cursor (oldest first) and the caller's messages read since",
          description: "The polling fallback every 30 s, and what a client reads after a realtime event.",
          params: ZChatParams,
          querystring: ZChatUpdatesQuery.extend({ lang: ZLang }),
          response: { 200: ZChatUpdates, ...errors },
        },
      },
      async (req) => chat.updates(await chatter(req), req.params.chatId, req.query),
    );
  };
