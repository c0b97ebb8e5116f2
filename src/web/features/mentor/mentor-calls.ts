import { z } from "zod";
import { type TChatSettings, ZChat, ZChatSettings, ZInboxChatDetail, ZInboxPage, ZMentorProfile } from "../../../domain/chat";
import { api } from "../../lib/api";
import type { InboxFilter } from "./inbox-filters";

/*
 * The mentors' API as the inbox calls it (docs/api/chat.md "Mentors"). Imported by the inbox only, so
 * zod and these schemas come with that page, never with every page (docs/decisions/0020-lean-client.md).
 */

export const mentorKeys = {
  /** Every inbox read: one prefix to refetch on a realtime event. */
  all: ["mentor"] as const,
  inbox: (filter: InboxFilter, lang: string) => ["mentor", "inbox", filter, lang] as const,
  chat: (chatId: string, lang: string) => ["mentor", "chat", chatId, lang] as const,
  settings: ["mentor", "settings"] as const,
  own: (userId: string) => ["mentor", "own", userId] as const,
};

export type TInboxPage = z.infer<typeof ZInboxPage>;
export type TInboxChat = TInboxPage["items"][number];
export type TInboxChatDetail = z.infer<typeof ZInboxChatDetail>;

export function getInbox(filter: InboxFilter, lang: string, before: string | undefined, signal?: AbortSignal) {
  const query = new URLSearchParams({ filter, lang, ...(before ? { before } : {}) });
  return api.get(`/api/mentor/chats?${query}`, ZInboxPage, signal);
}

export const getInboxChat = (chatId: string, lang: string, signal?: AbortSignal) =>
  api.get(`/api/mentor/chats/${encodeURIComponent(chatId)}?${new URLSearchParams({ lang })}`, ZInboxChatDetail, signal);

const langQuery = (lang: string) => new URLSearchParams({ lang }).toString();

export const assignChat = (chatId: string, mentorId: string, lang: string) =>
  api.post(`/api/mentor/chats/${encodeURIComponent(chatId)}/assign?${langQuery(lang)}`, ZChat, { mentorId });

export const resolveChat = (chatId: string, lang: string) => api.post(`/api/mentor/chats/${encodeURIComponent(chatId)}/resolve?${langQuery(lang)}`, ZChat);

export const setAvailability = (available: boolean, lang: string) =>
  api.send("PUT", `/api/mentor/availability?${langQuery(lang)}`, ZMentorProfile, { available });

export const getChatSettings = (signal?: AbortSignal) => api.get("/api/mentor/settings", ZChatSettings, signal);

export const putChatSettings = (settings: TChatSettings) => api.send("PUT", "/api/mentor/settings", ZChatSettings, settings);

const ZMentorList = z.object({ items: z.array(ZMentorProfile) });

/** The viewer's own mentor profile on the portal (its availability), or null (an admin without one). */
export async function getOwnProfile(portalId: string, userId: string, lang: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ mentorOnLpIds: portalId, roleIds: "mentor,mp-leader,mp-admin", lang });
  const res = await api.get(`/api/mentors?${query}`, ZMentorList, signal);
  return res.ok ? { ok: true as const, data: res.data.items.find((m) => m.uid === userId) ?? null } : res;
}
