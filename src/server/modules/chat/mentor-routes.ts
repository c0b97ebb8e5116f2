import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZAssignRequest,
  ZAvailabilityRequest,
  ZChat,
  ZChatId,
  ZChatSettings,
  ZInboxChatDetail,
  ZInboxPage,
  ZInboxQuery,
  ZMentorProfile,
} from "../../../domain/chat";
import { ZErrorReply } from "../../platform/errors";
import { chatter, CHAT_BODY_LIMIT, ZLang } from "./routes";
import type { ChatService } from "./service";

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply, 413: ZErrorReply };
const ZLangQuery = z.object({ lang: ZLang });
const ZChatParams = z.object({ chatId: ZChatId });

/** The mentors' side (docs/api/chat.md "Mentors"): inbox, assignment, resolving, availability, timers. */
export const mentorChatRoutes =
  (chat: ChatService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/mentor/chats",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["mentor"],
          operationId: "listInbox",
          summary: "The inbox: waiting, mine, or all (leaders); newest activity first",
          description: "Mentors only (403 MENTORS-ONLY); filter all is for leaders (403 LEADERS-ONLY).",
          querystring: ZInboxQuery.extend({ lang: ZLang }),
          response: { 200: ZInboxPage, ...errors },
        },
      },
      async (req) => chat.inbox(await chatter(req), req.query),
    );

    app.get(
      "/mentor/chats/:chatId",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["mentor"],
          operationId: "getInboxChat",
          summary: "One chat from the mentor's side: the learner, their arrival, progress link, whom it can go to",
          description: "A chat not assigned to the mentor is 404 CHAT-NOT-FOUND (leaders see all).",
          params: ZChatParams,
          querystring: ZLangQuery,
          response: { 200: ZInboxChatDetail, ...errors },
        },
      },
      async (req) => chat.inboxDetail(await chatter(req), req.params.chatId, req.query.lang),
    );

    app.post(
      "/mentor/chats/:chatId/assign",
      {
        config: { auth: "signed-in" },
        bodyLimit: CHAT_BODY_LIMIT,
        schema: {
          tags: ["mentor"],
          operationId: "assignChat",
          summary: "Give the chat to a mentor (leaders); a system message says so",
          description: "Unknown mentor profile: 404 MENTOR-NOT-FOUND.",
          params: ZChatParams,
          querystring: ZLangQuery,
          body: ZAssignRequest,
          response: { 200: ZChat, ...errors },
        },
      },
      async (req) => chat.assign(await chatter(req), req.params.chatId, req.body.mentorId, req.query.lang),
    );

    app.post(
      "/mentor/chats/:chatId/resolve",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["mentor"],
          operationId: "resolveChat",
          summary: "Mark the chat resolved (the learner's next message reopens it)",
          description: "The assigned mentor or a leader.",
          params: ZChatParams,
          querystring: ZLangQuery,
          response: { 200: ZChat, ...errors },
        },
      },
      async (req) => chat.resolve(await chatter(req), req.params.chatId, req.query.lang),
    );

    app.put(
      "/mentor/availability",
      {
        config: { auth: "signed-in" },
        bodyLimit: CHAT_BODY_LIMIT,
        schema: {
          tags: ["mentor"],
          operationId: "setMentorAvailability",
          summary: "Whether new chats may be given to the caller",
          description: "The caller's own mentor profile on this portal (404 MENTOR-NOT-FOUND without one).",
          querystring: ZLangQuery,
          body: ZAvailabilityRequest,
          response: { 200: ZMentorProfile, ...errors },
        },
      },
      async (req) => chat.setAvailability(await chatter(req), req.body.available, req.query.lang),
    );

    app.get(
      "/mentor/settings",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["mentor"],
          operationId: "getChatSettings",
          summary: "The chat's assignment rule and timers (mentors)",
          description: "Mentors read them; leaders change them.",
          response: { 200: ZChatSettings, ...errors },
        },
      },
      async (req) => chat.getSettings(await chatter(req)),
    );

    app.put(
      "/mentor/settings",
      {
        config: { auth: "signed-in" },
        bodyLimit: CHAT_BODY_LIMIT,
        schema: {
          tags: ["mentor"],
          operationId: "saveChatSettings",
          summary: "Change the chat's assignment rule and timers (leaders)",
          description: "403 LEADERS-ONLY for mentors.",
          body: ZChatSettings,
          response: { 200: ZChatSettings, ...errors },
        },
      },
      async (req) => chat.saveSettings(await chatter(req), req.body),
    );
  };
