import { z } from "zod";
import { ZNotificationId } from "./chat";
import { ZText } from "./validation/safe-text";

/**
 * Notifications (issue 12; seed 000 §3 "Notification: id, type, title, text or message, avatar") and
 * the seed's `/{lang}/profile/Notifications/NotificationsPage`. A mentor's reply makes one for the
 * learner; reading the reply anywhere (the chat, this list, the letter's link) reads both.
 */

export const NOTIFICATION_TYPES = ["chat-reply", "chat-assigned", "test-graded", "discussion-reply"] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);

export const ZNotification = z.object({
  id: z.string(),
  type: ZNotificationType,
  title: z.string(),
  /** Plain text (never HTML); a chat reply's own text, shortened. */
  text: z.string(),
  avatar: z.string().nullable(),
  /** Where it leads (relative path), e.g. the page the chat opens on. */
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** Unread first, then newest first; paged by `before` (an opaque cursor). */
export const ZNotificationList = z.object({
  items: z.array(ZNotification),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});

export const ZNotificationListQuery = z.object({
  before: ZText.max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** Mark some (ids) or all as read. */
export const ZNotificationsReadRequest = z.union([z.strictObject({ ids: z.array(ZNotificationId).min(1).max(100) }), z.strictObject({ all: z.literal(true) })]);
