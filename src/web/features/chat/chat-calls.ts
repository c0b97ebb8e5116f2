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

export const createChat = (body: { learningPortalId: string; studentId: string; mentorId?: string }) => api.post("/api/chats", ZChat, body);

export const getChat = (chatId: string, lang: string) => api.get(`/api/chats/${enc(chatId)}?${new URLSearchParams({ lang })}`, ZChat);

export function getMessages(chatId: string, before?: string, signal?: AbortSignal) {
  const q = new URLSearchParams(before ? { before } : {});
  return api.get(`/api/chats/${enc(chatId)}/messages${before ? `?${q}` : ""}`, ZChatMessagePage, signal);
}

export const getUpdates = (chatId: string, after: string, signal?: AbortSignal) =>
  api.get(`/api/chats/${enc(chatId)}/updates?${new URLSearchParams({ after })}`, ZChatUpdates, signal);

export const sendMessage = (chatId: string, body: { id: string; text: string; context?: TChatContext }) =>
  api.post(`/api/chats/${enc(chatId)}/messages`, ZChatMessage, body);

export const markRead = (chatId: string, ids: string[]) => api.post(`/api/chats/${enc(chatId)}/read`, z.object({ unreadMessagesCount: z.number() }), { ids });

export const getUnread = () => api.get("/api/chats/unread", ZUnreadSummary);
