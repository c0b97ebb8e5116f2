import type { z } from "zod";
import {
  CHAT_TOPIC,
  DISTRIBUTION_BOT_ID,
  INBOX_TOPIC,
  type TChat,
  type TChatSettings,
  type TMentorProfile,
  type ZInboxChat,
  type ZInboxChatDetail,
  type ZInboxQuery,
} from "../../../../domain/chat";
import { AppError } from "../../../../domain/errors";
import { localized } from "../../../../domain/localized";
import type { TUser } from "../../../../domain/user";
import { mayChat, mayLead, mayUseInbox } from "../policy";
import type { ChatRow, InboxCursor } from "../repo";
import { announceAssignment, assignInTx, assignTexts, chatSettings } from "./assign";
import type { ChatContext } from "./context";
import { readableChat } from "./messages";
import { chatPack, presentChat, presentProfile, readerLang, replyMedians, userName } from "./present";

type InboxItem = z.input<typeof ZInboxChat>;

function mentorOnly(user: TUser): TUser {
  if (!mayChat(user)) throw new AppError("REGISTRATION_REQUIRED", "Sign in to your mentor account");
  if (!mayUseInbox(user)) throw new AppError("MENTORS_ONLY", "The inbox is for mentors");
  return user;
}

function leaderOnly(user: TUser): TUser {
  mentorOnly(user);
  if (!mayLead(user)) throw new AppError("LEADERS_ONLY", "Only mentor leaders can do this");
  return user;
}

const encodeCursor = (row: ChatRow) => `${row.lastActivityAt.getTime()}.${row.id}`;
function decodeCursor(cursor: string): InboxCursor {
  const m = /^(\d{1,15})\.(cht_[a-z2-7]{26})$/.exec(cursor);
  if (!m) throw new AppError("VALIDATION", "Bad inbox cursor");
  return { at: new Date(Number(m[1])), id: m[2]! };
}

/** Inbox rows as a mentor sees them: learner, mentor, unread from the learner, the last message. */
async function items(ctx: ChatContext, rows: ChatRow[], langHint?: string): Promise<InboxItem[]> {
  const lang = await readerLang(ctx, langHint);
  const pack = await chatPack(ctx, lang.lang);
  const ids = rows.map((r) => r.id);
  const mentorIds = [...new Set(rows.flatMap((r) => (r.mentorId && r.mentorId !== DISTRIBUTION_BOT_ID ? [r.mentorId] : [])))];
  // Every read is batched over the page: its cost follows the page size, never a query per row.
  const [last, people, profiles] = await Promise.all([
    ctx.repo.lastMessages(ids),
    ctx.repo.usersByIds([...new Set([...rows.map((r) => r.studentId), ...mentorIds])]),
    ctx.repo.profilesOfUsers(ctx.portalId, mentorIds),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const out: InboxItem[] = [];
  for (const r of rows) {
    const student = byId.get(r.studentId);
    const m = last.get(r.id);
    let mentorName: string | null = null;
    if (r.mentorId && r.mentorId !== DISTRIBUTION_BOT_ID) {
      const profile = profiles.get(r.mentorId);
      mentorName = profile ? localized(profile.names, lang.lang, lang.primary) : userName(byId.get(r.mentorId)) || null;
    }
    out.push({
      id: r.id,
      status: r.status,
      student: { id: r.studentId, fullName: userName(student) || student?.email || "", avatarUrl: student?.avatar?.url ?? null },
      mentorId: r.mentorId,
      mentorName,
      // The mentors' side of the chat's counter (decision 0074).
      unreadMessagesCount: r.staffUnread,
      lastMessage: m
        ? {
            text: m.authorKind === "system" ? (pack.system[m.systemKey ?? ""] ?? "").replace(/\{\{\w+\}\}/g, "").trim() : m.text,
            createdAt: m.createdAt.toISOString(),
            fromStudent: m.authorKind === "student",
          }
        : null,
      waitingSince: r.status === "open" ? (r.waitingSince?.toISOString() ?? null) : null,
      lastActivityAt: r.lastActivityAt.toISOString(),
    });
  }
  return out;
}

/** The inbox: waiting (the viewer's, or every chat for leaders), mine, all (leaders); newest activity first. */
export async function inbox(ctx: ChatContext, user: TUser, q: z.output<typeof ZInboxQuery> & { lang?: string }) {
  mentorOnly(user);
  if (q.filter === "all" && !mayLead(user)) throw new AppError("LEADERS_ONLY", "Every chat is for leaders");
  const rows = await ctx.repo.inbox({
    portalId: ctx.portalId,
    mentorId: q.filter === "mine" || (q.filter === "waiting" && !mayLead(user)) ? user.id : undefined,
    waitingOnly: q.filter === "waiting",
    after: q.before ? decodeCursor(q.before) : undefined,
    limit: q.limit,
  });
  const page = rows.slice(0, q.limit);
  return { items: await items(ctx, page, q.lang), nextCursor: rows.length > q.limit ? encodeCursor(page.at(-1)!) : null };
}

/** One chat from the mentor's side: who the learner is, where they came from, whom it can go to. */
export async function inboxDetail(ctx: ChatContext, user: TUser, chatId: string, langHint?: string): Promise<z.input<typeof ZInboxChatDetail>> {
  mentorOnly(user);
  const chat = await readableChat(ctx, user, chatId);
  const lang = await readerLang(ctx, langHint);
  const [item] = await items(ctx, [chat], lang.lang);
  const [student] = await ctx.repo.usersByIds([chat.studentId]);
  const context = await ctx.repo.lastContext(chat.id);
  let assignable: z.input<typeof ZInboxChatDetail>["assignable"] = [];
  if (mayLead(user)) {
    const profiles = await ctx.repo.listProfiles({ portalIds: [ctx.portalId], limit: 100 });
    assignable = profiles.map((p) => ({
      id: p.id,
      uid: p.userId,
      fullName: localized(p.names, lang.lang, lang.primary),
      openChats: p.openChats,
      available: p.available,
    }));
  }
  return {
    ...item!,
    chat: await presentChat(ctx, user.id, chat, lang.lang),
    student: {
      ...item!.student,
      email: student?.email ?? null,
      utm: student?.utm ?? [],
      // The existing learner progress page, at the element the learner last wrote from.
      progressPath: context?.elementId ? `/${lang.lang}/progress/${chat.studentId}/${context.elementId}/${ctx.environmentId}/` : null,
    },
    assignable,
  };
}

/** A leader gives the chat to a mentor of the portal (a system message says so). */
export async function assignChat(ctx: ChatContext, user: TUser, chatId: string, mentorProfileId: string, langHint?: string): Promise<TChat> {
  leaderOnly(user);
  const chat = await readableChat(ctx, user, chatId);
  const profile = await ctx.repo.profile(mentorProfileId);
  if (!profile || profile.portalId !== ctx.portalId) throw new AppError("MENTOR_NOT_FOUND", `No mentor ${mentorProfileId}`);
  const texts = await assignTexts(ctx);
  const at = ctx.now();
  let moved = false;
  const assigned = await ctx.repo.transaction(async (w) => {
    const locked = (await w.lockChat(chat.id))!;
    if (locked.mentorId === profile.userId) return locked;
    moved = true;
    return assignInTx(ctx, w, locked, profile, "reassigned", at, texts);
  });
  await announceAssignment(ctx, assigned, { mentorRecorded: moved });
  return presentChat(ctx, user.id, assigned, langHint);
}

/** The assigned mentor or a leader marks a chat resolved; the learner's next message reopens it. */
export async function resolveChat(ctx: ChatContext, user: TUser, chatId: string, langHint?: string): Promise<TChat> {
  mentorOnly(user);
  const chat = await readableChat(ctx, user, chatId);
  const at = ctx.now();
  const row = await ctx.repo.transaction((w) => w.updateChat(chat.id, { status: "resolved", waitingSince: null, lastActivityAt: at }));
  await ctx.bus.publish({ topic: CHAT_TOPIC(chat.id), kind: "status", id: chat.id });
  await ctx.bus.publish({ topic: INBOX_TOPIC(chat.portalId), kind: "chat", id: chat.id });
  return presentChat(ctx, user.id, row, langHint);
}

/** A mentor takes new chats or not (their own profile on this portal). */
export async function setAvailability(ctx: ChatContext, user: TUser, available: boolean, langHint?: string): Promise<TMentorProfile> {
  mentorOnly(user);
  const profile = await ctx.repo.profileOfUser(ctx.portalId, user.id);
  if (!profile) throw new AppError("MENTOR_NOT_FOUND", "You have no mentor profile on this portal");
  const row = await ctx.repo.setAvailable(profile.id, available);
  return presentProfile(row, await readerLang(ctx, langHint), await replyMedians(ctx));
}

export async function getSettings(ctx: ChatContext, user: TUser): Promise<TChatSettings> {
  mentorOnly(user);
  return chatSettings(ctx);
}

export async function saveSettings(ctx: ChatContext, user: TUser, s: TChatSettings): Promise<TChatSettings> {
  leaderOnly(user);
  const row = await ctx.repo.saveSettings({ portalId: ctx.portalId, ...s });
  return { assignment: row.assignment, reofferAfterMinutes: row.reofferAfterMinutes, mentorDigestAfterMinutes: row.mentorDigestAfterMinutes };
}
