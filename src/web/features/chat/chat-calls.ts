import { z } from "zod";
import { type TChatContext, ZChat, ZChatMessage, ZChatMessagePage, ZChatSetup, ZChatUpdates, ZUnreadSummary } from "../../../domain/chat";
import { api } from "../../lib/api";

/*
 * The chat API as the browser calls it (docs/api/chat.md). Imported by the widget and the thread,
 * which load on demand, so zod and these schemas never weigh on a page that does not open the chat
 * (docs/decisions/0020-lean-client.md). The chat button's unread check is in unread-check.ts.
 */

const enc = encodeURIComponent;

export const chatKeys = {
  setup: (userId: string, lang: string) => ["chat", "setup", userId, lang] as const,
};

export const getChatSetup = (lang: string, signal?: AbortSignal) => api.get(`/api/chats/setup?${new URLSearchParams({ lang })}`, ZChatSetup, signal);

/** Idempotent by design: the learner has one chat per portal, and asking again answers it (200). */
export const createChat = (lang: string, body: { learningPortalId: string; studentId: string; mentorId?: string }) =>
  api.post(`/api/chats?${new URLSearchParams({ lang })}`, ZChat, body, { idempotent: true });

export const getChat = (chatId: string, lang: string) => api.get(`/api/chats/${enc(chatId)}?${new URLSearchParams({ lang })}`, ZChat);

/** Titles in a message's context come in the reader's language. */
export function getMessages(chatId: string, lang: string, before?: string, signal?: AbortSignal) {
  const q = new URLSearchParams(before ? { lang, before } : { lang });
  return api.get(`/api/chats/${enc(chatId)}/messages?${q}`, ZChatMessagePage, signal);
}

export const getUpdates = (chatId: string, lang: string, after: string, signal?: AbortSignal) =>
  api.get(`/api/chats/${enc(chatId)}/updates?${new URLSearchParams({ lang, after })}`, ZChatUpdates, signal);

/** Idempotent by design: the server answers a repeat of the same client-made id with the stored message. */
export const sendMessage = (chatId: string, lang: string, body: { id: string; text: string; context?: TChatContext }) =>
  api.post(`/api/chats/${enc(chatId)}/messages?${new URLSearchParams({ lang })}`, ZChatMessage, body, { idempotent: true });

/** Idempotent: marking the same ids read again changes nothing. */
export const markRead = (chatId: string, ids: string[]) =>
  api.post(`/api/chats/${enc(chatId)}/read`, z.object({ unreadMessagesCount: z.number() }), { ids }, { idempotent: true });

export const getUnread = () => api.get("/api/chats/unread", ZUnreadSummary);
