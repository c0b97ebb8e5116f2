import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZNotificationList, ZNotificationListQuery, ZNotificationsReadRequest } from "../../../domain/notification";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../../domain/errors";
import { ZErrorReply } from "../../platform/errors";
import type { NotificationsService } from "./service";

/** A registered account: a bad token is 401, a guest 403 REGISTRATION-REQUIRED (the service refuses anonymous sessions). */
async function account(req: FastifyRequest) {
  const a = await req.auth();
  if (a.kind === "bad-token") throw new AppError("TOKEN_BAD", "The access token is not valid");
  if (a.kind === "guest") throw new AppError("REGISTRATION_REQUIRED", "Sign up to read notifications");
  return a.user;
}

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };

/** docs/api/chat.md "Notifications": any registered account. */
export const notificationsRoutes =
  (notifications: NotificationsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/notifications",
      {
        schema: {
          tags: ["notifications"],
          operationId: "listNotifications",
          summary: "The caller's notifications, unread first, then newest first",
          description: "Registered accounts only; a guest or an anonymous session is 403 REGISTRATION-REQUIRED.",
          querystring: ZNotificationListQuery,
          response: { 200: ZNotificationList, ...errors },
        },
      },
      async (req) => notifications.list(await account(req), req.query),
    );

    app.post(
      "/notifications/read",
      {
        schema: {
          tags: ["notifications"],
          operationId: "readNotifications",
          summary: "Mark some or all of the caller's notifications read (their chat replies are read with them)",
          description: "Another account's or an unknown id is 404 NOTIFICATION-NOT-FOUND and nothing is marked.",
          body: ZNotificationsReadRequest,
          response: { 200: z.object({ unreadCount: z.number().int() }), ...errors },
        },
      },
      async (req) => notifications.markRead(await account(req), req.body),
    );
  };
