import type { z } from "zod";
import type { TChatMode, TChatSettings, ZCreateChatRequest, ZInboxQuery, ZMentorProfilesQuery, ZSendMessageRequest } from "../../../domain/chat";
import type { Auth } from "../../../domain/learning-access";
import type { TUser } from "../../../domain/user";
import type { ZAddMentorRequest, ZMentorPatch } from "../../../domain/mentor-admin";
import { addMentor, adminMentors, patchMentor, removeMentor, setChatMode } from "./operations/back-office";
import type { ChatContext } from "./operations/context";
import { assignChat, getSettings, inbox, inboxDetail, resolveChat, saveSettings, setAvailability } from "./operations/inbox";
import { type ChatJobBatches, runChatJobs } from "./operations/jobs";
import { chatUpdates, getChat, listMessages, markRead, mayWatchChat, readLinkedReplies, sendMessage, unreadSummary } from "./operations/messages";
import { chatSetup, createChat, getMentor, listMentors, openChatFor } from "./operations/setup";
import { mayUseInbox } from "./policy";

export type ChatDeps = Omit<ChatContext, "now"> & { now?: () => Date };

/**
 * Mentor chat (issue 12, docs/decisions/0033, docs/api/chat.md): mentor profiles, the learner's one
 * chat per portal and its messages, the mentors' inbox, and the periodic jobs (assignment, re-offer,
 * digests). The API routes and the realtime topic checks call these.
 */
export function createChatService(deps: ChatDeps) {
  const ctx: ChatContext = { ...deps, now: deps.now ?? (() => new Date()) };
  // One unread count: a reply's notification read in its list reads the reply.
  ctx.notifications.setLinkedReads((userId, ids) => readLinkedReplies(ctx, userId, ids));
  return {
    listMentors: (q: z.output<typeof ZMentorProfilesQuery>) => listMentors(ctx, q),
    getMentor: (id: string, lang?: string) => getMentor(ctx, id, lang),
    setup: (user: TUser | null, lang?: string) => chatSetup(ctx, user, lang),
    createChat: (user: TUser, req: z.output<typeof ZCreateChatRequest>, lang?: string) => createChat(ctx, user, req, lang),
    /** The back office's "write to them" (issue 16): the learner's chat, made as if they had opened it; the caller checks who may. */
    adminOpenChat: (studentId: string, lang?: string) => openChatFor(ctx, studentId, lang),
    getChat: (user: TUser, chatId: string, lang?: string) => getChat(ctx, user, chatId, lang),
    listMessages: (user: TUser, chatId: string, q: { before?: string; limit: number; lang?: string }) => listMessages(ctx, user, chatId, q),
    sendMessage: (user: TUser, chatId: string, req: z.output<typeof ZSendMessageRequest>, lang?: string) => sendMessage(ctx, user, chatId, req, lang),
    markRead: (user: TUser, chatId: string, ids: string[]) => markRead(ctx, user, chatId, ids),
    updates: (user: TUser, chatId: string, q: { after: string; lang?: string }) => chatUpdates(ctx, user, chatId, q),
    unread: (auth: Auth) => unreadSummary(ctx, auth),
    inbox: (user: TUser, q: z.output<typeof ZInboxQuery> & { lang?: string }) => inbox(ctx, user, q),
    inboxDetail: (user: TUser, chatId: string, lang?: string) => inboxDetail(ctx, user, chatId, lang),
    assign: (user: TUser, chatId: string, mentorId: string, lang?: string) => assignChat(ctx, user, chatId, mentorId, lang),
    resolve: (user: TUser, chatId: string, lang?: string) => resolveChat(ctx, user, chatId, lang),
    setAvailability: (user: TUser, available: boolean, lang?: string) => setAvailability(ctx, user, available, lang),
    getSettings: (user: TUser) => getSettings(ctx, user),
    saveSettings: (user: TUser, s: TChatSettings) => saveSettings(ctx, user, s),
    adminMentors: (user: TUser) => adminMentors(ctx, user),
    addMentor: (user: TUser, body: z.output<typeof ZAddMentorRequest>) => addMentor(ctx, user, body),
    patchMentor: (user: TUser, id: string, patch: z.output<typeof ZMentorPatch>) => patchMentor(ctx, user, id, patch),
    removeMentor: (user: TUser, id: string) => removeMentor(ctx, user, id),
    setChatMode: (user: TUser, mode: TChatMode) => setChatMode(ctx, user, mode),
    /** The periodic jobs; tests call it with a `now` of their choosing (and a small mentor digest batch). */
    runJobs: (now?: Date, batches?: Partial<ChatJobBatches>) => runChatJobs(ctx, now, batches),
    /** A learner's chat on this portal as the back office lists it (issue 16); the caller checks who asks. */
    async chatsOf(studentId: string) {
      const row = await ctx.repo.chatOfStudent(ctx.portalId, studentId);
      return row ? [{ id: row.id, status: row.status, mentorId: row.mentorId, lastMessageAt: row.lastMessageAt?.toISOString() ?? null }] : [];
    },
    /** A learner's chat with all its messages, for their data export (issue 16). */
    async exportOf(studentId: string) {
      const row = await ctx.repo.chatOfStudent(ctx.portalId, studentId);
      if (!row) return [];
      const messages = await ctx.repo.allMessages(row.id, 10_000);
      return [
        {
          id: row.id,
          mode: row.mode,
          status: row.status,
          mentorId: row.mentorId,
          createdAt: row.createdAt,
          messages: messages.map((m) => ({ id: m.id, authorKind: m.authorKind, authorId: m.authorId, text: m.text, createdAt: m.createdAt, readAt: m.readAt })),
        },
      ];
    },
    /** Realtime `chat:{id}`: whoever may read the chat. */
    mayWatchChat: (user: TUser, chatId: string) => mayWatchChat(ctx, user, chatId),
    /** Realtime `inbox:{portalId}`: the mentors of this portal. */
    mayWatchInbox: (user: TUser, portalId: string) => portalId === ctx.portalId && mayUseInbox(user),
  };
}
export type ChatService = ReturnType<typeof createChatService>;
