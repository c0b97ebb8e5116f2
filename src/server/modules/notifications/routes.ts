import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZNotificationList, ZNotificationListQuery, ZNotificationsReadRequest } from "../../../domain/notification";
import { requireSignedIn } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import type { NotificationsService } from "./service";

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };

/** docs/api/chat.md "Notifications": any registered account. */
export const notificationsRoutes =
  (notifications: NotificationsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/notifications",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["notifications"],
          operationId: "listNotifications",
          summary: "The caller's notifications, unread first, then newest first",
          description: "Registered accounts only; a guest or an anonymous session is 403 REGISTRATION-REQUIRED.",
          querystring: ZNotificationListQuery,
          response: { 200: ZNotificationList, ...errors },
        },
      },
      async (req) => notifications.list(await requireSignedIn(req, "Sign up to read notifications"), req.query),
    );

    app.post(
      "/notifications/read",
      {
        config: { auth: "signed-in" },
        schema: {
          tags: ["notifications"],
          operationId: "readNotifications",
          summary: "Mark some or all of the caller's notifications read (their chat replies are read with them)",
          description: "Another account's or an unknown id is 404 NOTIFICATION-NOT-FOUND and nothing is marked.",
          body: ZNotificationsReadRequest,
          response: { 200: z.object({ unreadCount: z.number().int() }), ...errors },
        },
      },
      async (req) => notifications.markRead(await requireSignedIn(req, "Sign up to read notifications"), req.body),
    );
  };
