import type { z } from "zod";
import { USER_TOPIC } from "../../../domain/chat";
import { AppError } from "../../../domain/errors";
import type { TNotification, ZNotificationListQuery, ZNotificationsReadRequest } from "../../../domain/notification";
import { isSignedIn, type TUser } from "../../../domain/user";
import type { Db } from "../../db/client";
import type { Bus } from "../../platform/bus";
import { base32Id } from "../../platform/ids";
import { type NotificationCursor, type NotificationInsert, type NotificationRow, type NotificationsRepo, notificationWrites } from "./repo";

/** Chat messages a read notification told about: the chat module reads them too (one unread count). */
export type LinkedReads = (userId: string, messageIds: string[]) => Promise<void>;

function present(row: NotificationRow): TNotification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    text: row.text,
    avatar: row.avatar,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

const encodeCursor = (row: NotificationRow) => `${row.readAt === null ? 1 : 0}.${row.createdAt.getTime()}.${row.id}`;

function decodeCursor(cursor: string): NotificationCursor {
  const m = /^([01])\.(\d{1,15})\.(ntf_[a-z2-7]{26})$/.exec(cursor);
  if (!m) throw new AppError("VALIDATION", "Bad notifications cursor");
  return { unread: m[1] === "1", createdAt: new Date(Number(m[2])), id: m[3]! };
}

function registered(user: TUser): TUser {
  if (!isSignedIn(user)) throw new AppError("REGISTRATION_REQUIRED", "Notifications are for registered accounts");
  return user;
}

/**
 * Notifications (issue 12, seed 000 §3): the list, unread first; marking read. A chat reply's
 * notification and the reply are one thing to read: reading either reads both (`linkedReads`).
 */
export function createNotificationsService(deps: { repo: NotificationsRepo; bus: Pick<Bus, "publish">; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  let linkedReads: LinkedReads = async () => undefined;
  return {
    /** The chat module registers how a read notification reads its message. */
    setLinkedReads(fn: LinkedReads) {
      linkedReads = fn;
    },
    newId: () => base32Id("ntf_"),
    /** Inside the chat's transaction: the notification commits with the reply it tells about. */
    writes: (tx: Db) => notificationWrites(tx),
    row: (r: Omit<NotificationInsert, "id">): NotificationInsert => ({ id: base32Id("ntf_"), ...r }),
    unreadCount: (userId: string): Promise<number> => deps.repo.unreadCount(userId),
    async list(user: TUser, q: z.output<typeof ZNotificationListQuery>) {
      const me = registered(user);
      const rows = await deps.repo.list(me.id, q.before ? decodeCursor(q.before) : undefined, q.limit);
      const page = rows.slice(0, q.limit);
      return {
        items: page.map(present),
        unreadCount: await deps.repo.unreadCount(me.id),
        nextCursor: rows.length > q.limit ? encodeCursor(page.at(-1)!) : null,
      };
    },
    async markRead(user: TUser, req: z.output<typeof ZNotificationsReadRequest>): Promise<{ unreadCount: number }> {
      const me = registered(user);
      let ids: string[] | "all" = "all";
      if ("ids" in req) {
        ids = [...new Set(req.ids)];
        // Another account's id is told apart from nothing: the same 404 as an unknown one, and nothing is written.
        if ((await deps.repo.ownIds(me.id, ids)).length !== ids.length) throw new AppError("NOTIFICATION_NOT_FOUND", "No such notification");
      }
      const sources = await deps.repo.markRead(me.id, ids, now());
      if (sources.length) await linkedReads(me.id, sources);
      await deps.bus.publish({ topic: USER_TOPIC(me.id), kind: "unread", id: me.id });
      return { unreadCount: await deps.repo.unreadCount(me.id) };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
