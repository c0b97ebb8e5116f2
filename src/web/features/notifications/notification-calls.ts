import { z } from "zod";
import { ZUnreadSummary } from "../../../domain/chat";
import { ZNotificationList } from "../../../domain/notification";
import { api } from "../../lib/api";

/* The notifications API as the notifications page calls it (docs/api/chat.md "Notifications"). */

export const notificationKeys = {
  all: ["notifications"] as const,
  list: ["notifications", "list"] as const,
};

export type TNotificationList = z.infer<typeof ZNotificationList>;

export function getNotifications(before: string | undefined, signal?: AbortSignal) {
  return api.get(`/api/notifications${before ? `?${new URLSearchParams({ before })}` : ""}`, ZNotificationList, signal);
}

const ZReadReply = z.object({ unreadCount: z.number().int() });

export const readNotifications = (ids: string[]) => api.post("/api/notifications/read", ZReadReply, { ids });

export const readAllNotifications = () => api.post("/api/notifications/read", ZReadReply, { all: true });

export const getUnreadSummary = (signal?: AbortSignal) => api.get("/api/chats/unread", ZUnreadSummary, signal);
