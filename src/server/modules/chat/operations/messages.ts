import type { z } from "zod";
import {
  CHAT_LIMITS,
  CHAT_TOPIC,
  DISTRIBUTION_BOT_ID,
  INBOX_TOPIC,
  type TChatMessage,
  type TChatMessagePage,
  USER_TOPIC,
  type ZChatUpdates,
  type ZSendMessageRequest,
} from "../../../../domain/chat";
import { AppError } from "../../../../domain/errors";
import { notifyOnCommit, type BusEvent } from "../../../platform/bus";
import { localized } from "../../../../domain/localized";
import type { Auth } from "../../../../domain/learning-access";
import type { TUser } from "../../../../domain/user";
import { mayChat, mayReadChat } from "../policy";
import type { ChatRow } from "../repo";
import type { ChatContext } from "./context";
import { edgesOf, incomingKinds, ownKinds, presentChat, presentMessages, readerLang, sideOf, userName } from "./present";

/** A notification shows this much of a reply. */
const NOTIFICATION_TEXT_MAX = 140;

/** The chat `chatId` of this portal if `user` may read it, else null. */
async function chatFor(ctx: ChatContext, user: TUser, chatId: string): Promise<ChatRow | null> {
  const row = await ctx.repo.chat(chatId);
  return row && row.portalId === ctx.portalId && mayReadChat(user, row) ? row : null;
}

/** The chat `chatId` if `user` may read it; anything else is CHAT_NOT_FOUND (no probing of ids). */
export async function readableChat(ctx: ChatContext, user: TUser, chatId: string): Promise<ChatRow> {
  if (!mayChat(user)) throw new AppError("REGISTRATION_REQUIRED", "Sign up to chat with a mentor");
  const row = await chatFor(ctx, user, chatId);
  if (!row) throw new AppError("CHAT_NOT_FOUND", `No chat ${chatId}`);
  return row;
}

/** The realtime check of `chat:{id}`: the rule of the routes, as a yes or no. */
export async function mayWatchChat(ctx: ChatContext, user: TUser, chatId: string): Promise<boolean> {
  return (await chatFor(ctx, user, chatId)) !== null;
}

export async function getChat(ctx: ChatContext, user: TUser, chatId: string, lang?: string) {
  return presentChat(ctx, user.id, await readableChat(ctx, user, chatId), lang);
}

/** Seed §7 "List messages": the newest page before the cursor, oldest first within it. */
export async function listMessages(
  ctx: ChatContext,
  user: TUser,
  chatId: string,
  q: { before?: string; limit: number; lang?: string },
): Promise<TChatMessagePage> {
  const chat = await readableChat(ctx, user, chatId);
  const { rows, hasPrevious } = await ctx.repo.page(chat.id, q.before === undefined ? undefined : Number(q.before), Math.min(q.limit, CHAT_LIMITS.pageSize));
  const edges = edgesOf(await presentMessages(ctx, user.id, chat, rows, q.lang), rows);
  return {
    edges,
    pageInfo: { hasPreviousPage: hasPrevious, startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null },
  };
}

/** Seed §7 "Get updates": messages after the cursor and the viewer's own messages read since. */
export async function chatUpdates(ctx: ChatContext, user: TUser, chatId: string, q: { after: string; lang?: string }): Promise<z.input<typeof ZChatUpdates>> {
  const chat = await readableChat(ctx, user, chatId);
  const after = Number(q.after);
  const rows = await ctx.repo.after(chat.id, after, CHAT_LIMITS.updatesMax);
  const page = rows.slice(0, CHAT_LIMITS.updatesMax);
  // Reads since the cursor's message was written: the client saw every earlier tick when it read that far.
  const since = after > 0 ? ((await ctx.repo.messageAt(chat.id, after))?.createdAt ?? null) : null;
  const updates = edgesOf(await presentMessages(ctx, user.id, chat, page, q.lang), page);
  return {
    updates,
    readIds: await ctx.repo.readSince(chat.id, ownKinds(sideOf(user.id, chat)), since),
    endCursor: updates.at(-1)?.cursor ?? q.after,
    hasMore: rows.length > page.length,
    chat: await presentChat(ctx, user.id, chat, q.lang),
  };
}

/** Only a same-origin path survives: no scheme, host, query or fragment. */
function samePath(path: string): string | null {
  try {
    const u = new URL(path, "http://mentora.invalid");
    return u.origin === "http://mentora.invalid" ? u.pathname : null;
  } catch {
    return null;
  }
}

export interface SendOutcome {
  message: TChatMessage;
  created: boolean;
}

/**
 * Seed §7 "Create message". The client's id makes a resend harmless: the same id, chat, author and
 * text again answers the stored message; anything else under that id is CHAT_MESSAGE_CONFLICT.
 * The insert is ON CONFLICT DO NOTHING under the chat's row lock, so concurrent duplicates store one row.
 */
export async function sendMessage(
  ctx: ChatContext,
  user: TUser,
  chatId: string,
  req: z.output<typeof ZSendMessageRequest>,
  langHint?: string,
): Promise<SendOutcome> {
  if (!mayChat(user)) throw new AppError("REGISTRATION_REQUIRED", "Sign up to chat with a mentor");
  if (req.userId !== undefined && req.userId !== user.id) throw new AppError("CHAT_NOT_YOURS", "A message is sent as yourself only");
  const chat = await readableChat(ctx, user, chatId);
  await ctx.sendLimit.hit(user.id);
  const side = sideOf(user.id, chat);
  const kind = side === "student" ? "student" : "mentor";
  const path = req.context ? samePath(req.context.path) : null;
  const context = req.context && path ? { ...req.context, path } : null;
  const lang = side === "student" ? (await readerLang(ctx, langHint, chat.lang)).lang : chat.lang;
  const noteLang = await readerLang(ctx, chat.lang);
  const profile = kind === "mentor" ? await ctx.repo.profileOfUser(chat.portalId, user.id) : null;
  const at = ctx.now();

  const outcome = await ctx.repo.transaction(async (w) => {
    const row = await w.insertMessage({ id: req.id, chatId: chat.id, authorId: user.id, authorKind: kind, text: req.text, context, createdAt: at });
    if (!row) {
      const stored = await w.findMessage(req.id);
      if (stored && stored.chatId === chat.id && stored.authorId === user.id && stored.text === req.text) return { row: stored, created: false };
      throw new AppError("CHAT_MESSAGE_CONFLICT", `Message ${req.id} exists with another text or chat`);
    }
    // Ids only, sent when the message commits: the chat's followers, the inbox, the other side's unread.
    const events: BusEvent[] = [{ topic: CHAT_TOPIC(chat.id), kind: "message", id: row.id }];
    if (kind === "student") {
      // A learner writing to a resolved chat reopens it.
      if ((await w.learnerWrote(chat.id, at, lang)) === "resolved") events.push({ topic: CHAT_TOPIC(chat.id), kind: "status", id: chat.id });
      events.push({ topic: INBOX_TOPIC(chat.portalId), kind: "chat", id: chat.id });
      if (chat.mentorId && chat.mentorId !== DISTRIBUTION_BOT_ID) events.push({ topic: USER_TOPIC(chat.mentorId), kind: "unread", id: chat.id });
    } else {
      await w.mentorWrote(chat.id, row.seq, at);
      await ctx.notifications.writes(w.tx).insert(
        ctx.notifications.row({
          userId: chat.studentId,
          type: "chat-reply",
          title: profile ? localized(profile.names, noteLang.lang, noteLang.primary) : userName(user),
          text: req.text.length > NOTIFICATION_TEXT_MAX ? `${req.text.slice(0, NOTIFICATION_TEXT_MAX - 1)}…` : req.text,
          avatar: profile?.avatarUrl ?? user.avatar?.url ?? null,
          link: `/${noteLang.lang}/?chat=open`,
          sourceMessageId: row.id,
          createdAt: at,
        }),
      );
      events.push(
        { topic: INBOX_TOPIC(chat.portalId), kind: "chat", id: chat.id },
        { topic: USER_TOPIC(chat.studentId), kind: "notification", id: row.id },
        { topic: USER_TOPIC(chat.studentId), kind: "unread", id: chat.id },
      );
    }
    await w.tx.execute(notifyOnCommit(events));
    return { row, created: true };
  });

  // The chat as the transaction left it, for presenting: only a new learner message changed its language.
  const after = outcome.created && kind === "student" ? { ...chat, lang } : chat;
  const [message] = await presentMessages(ctx, user.id, after, [outcome.row], langHint);
  return { message: message!, created: outcome.created };
}

/** Seed §7 "Mark as read": only the other side's messages; a reply's notification is read with it. */
export async function markRead(ctx: ChatContext, user: TUser, chatId: string, ids: string[]): Promise<{ unreadMessagesCount: number }> {
  const chat = await readableChat(ctx, user, chatId);
  const side = sideOf(user.id, chat);
  const at = ctx.now();
  const changed = await ctx.repo.transaction(async (w) => {
    const rows = await w.markRead(chat.id, [...new Set(ids)], incomingKinds(side), at);
    if (side === "student")
      await ctx.notifications.writes(w.tx).readBySource(
        chat.studentId,
        rows.map((r) => r.id),
        at,
      );
    return rows;
  });
  if (changed.length) await announceReads(ctx, chat, user.id);
  const counts = await ctx.repo.unreadCounts([chat.id], incomingKinds(side));
  return { unreadMessagesCount: counts.get(chat.id) ?? 0 };
}

async function announceReads(ctx: ChatContext, chat: ChatRow, readerId: string) {
  await ctx.bus.publish({ topic: CHAT_TOPIC(chat.id), kind: "read", id: chat.id });
  await ctx.bus.publish({ topic: USER_TOPIC(readerId), kind: "unread", id: chat.id });
}

/** Notifications read in their list read the replies they told about (one unread count). */
export async function readLinkedReplies(ctx: ChatContext, studentId: string, messageIds: string[]): Promise<void> {
  const at = ctx.now();
  const rows = await ctx.repo.transaction((w) => w.markRepliesRead(studentId, messageIds, at));
  for (const chatId of new Set(rows.map((r) => r.chatId))) {
    const chat = await ctx.repo.chat(chatId);
    if (chat) await announceReads(ctx, chat, studentId);
  }
}

/**
 * The 15 s unread check: the total over the learner's chat and a mentor's assigned chats, and the
 * newest few chats with unread messages (bounded, whatever a mentor holds); a guest gets zeros.
 */
export async function unreadSummary(ctx: ChatContext, auth: Auth) {
  if (auth.kind === "bad-token") throw new AppError("TOKEN_BAD", "The access token is not valid");
  if (auth.kind !== "user" || !mayChat(auth.user)) return { unreadMessagesCount: 0, unreadChatsCount: 0, chats: [], unreadNotificationsCount: 0 };
  const me = auth.user;
  const [summary, notifications] = await Promise.all([
    ctx.repo.unreadSummary(ctx.portalId, me.id, CHAT_LIMITS.unreadChatsMax),
    ctx.notifications.unreadCount(me.id),
  ]);
  return {
    unreadMessagesCount: summary.total,
    unreadChatsCount: summary.chatsWithUnread,
    chats: summary.chats,
    unreadNotificationsCount: notifications,
  };
}
