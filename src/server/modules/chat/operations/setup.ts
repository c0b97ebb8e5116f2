import type { z } from "zod";
import {
  CHAT_LIMITS,
  CHAT_TIMERS,
  DISTRIBUTION_BOT_ID,
  INBOX_TOPIC,
  SYSTEM_PARTICIPANT_ID,
  type TChat,
  type TChatSetup,
  type TMentorProfile,
  type ZCreateChatRequest,
  type ZMentorProfilesQuery,
} from "../../../../domain/chat";
import { AppError } from "../../../../domain/errors";
import type { TUser } from "../../../../domain/user";
import { presentUser } from "../../users/service";
import { base32Id } from "../../../platform/ids";
import { mayChat } from "../policy";
import type { ChatRow, ProfileRow } from "../repo";
import { announceAssignment, assignFromBot, availableMentors, campaignMentor, chatSettings, modeOf, systemMessageId } from "./assign";
import type { ChatContext } from "./context";
import { presentChat, presentProfile, readerLang, replyMedians } from "./present";

const list = (csv: string | undefined) =>
  csv
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** Seed §7 "Mentor profiles list": by portals, roles and campaign; at most 100. */
export async function listMentors(ctx: ChatContext, q: z.output<typeof ZMentorProfilesQuery>): Promise<{ items: TMentorProfile[] }> {
  const roles = list(q.roleIds);
  const known = ["mentor", "mp-leader", "mp-admin"] as const;
  const rows = await ctx.repo.listProfiles({
    portalIds: list(q.mentorOnLpIds) ?? [ctx.portalId],
    roles: roles ? known.filter((r) => roles.includes(r)) : undefined,
    campaign: q.campaign,
    limit: Math.min(q.limit, CHAT_LIMITS.mentorProfilesMax),
  });
  // Roles asked for but none known: nothing matches (not "every role").
  if (roles && roles.length && !roles.some((r) => (known as readonly string[]).includes(r))) return { items: [] };
  const lang = await readerLang(ctx, q.lang);
  const medians = await replyMedians(ctx);
  return { items: rows.map((r) => presentProfile(r, lang, medians)) };
}

export async function getMentor(ctx: ChatContext, id: string, langHint?: string): Promise<TMentorProfile> {
  const row = await ctx.repo.profile(id);
  if (!row) throw new AppError("MENTOR_NOT_FOUND", `No mentor ${id}`);
  return presentProfile(row, await readerLang(ctx, langHint), await replyMedians(ctx));
}

/** What the widget needs before a chat exists; a guest gets the mentors and the mode, with no chat. */
export async function chatSetup(ctx: ChatContext, user: TUser | null, langHint?: string): Promise<TChatSetup> {
  const lang = await readerLang(ctx, langHint);
  const [settings, available, medians] = await Promise.all([chatSettings(ctx), availableMentors(ctx.repo, ctx.portalId), replyMedians(ctx)]);
  const campaign = user && mayChat(user) ? await campaignMentor(ctx, user) : null;
  const chatRow = user && mayChat(user) ? await ctx.repo.chatOfStudent(ctx.portalId, user.id) : null;
  return {
    mode: chatRow?.mode ?? modeOf(settings, available),
    mentors: available.map((p) => presentProfile(p, lang, medians)),
    campaignMentorId: campaign?.id ?? null,
    chat: chatRow && user ? await presentChat(ctx, user.id, chatRow, lang.lang) : null,
    typicalReplyMinutes: medians.get("") ?? null,
    replyPromiseHours: CHAT_TIMERS.replyPromiseHours,
  };
}

/**
 * Seed §7 "Create student chat": the learner's one chat on the portal (again: the same chat). The
 * mentor: the arrival campaign's, in any mode; else per the leaders' setting — the learner's pick
 * (multiple), the one available mentor (single), or the distribution bot, which then assigns.
 */
export async function createChat(
  ctx: ChatContext,
  user: TUser,
  req: z.output<typeof ZCreateChatRequest>,
  langHint?: string,
): Promise<{ chat: TChat; created: boolean }> {
  if (!mayChat(user)) throw new AppError("REGISTRATION_REQUIRED", "Sign up to chat with a mentor");
  if (req.studentId !== user.id) throw new AppError("CHAT_NOT_YOURS", "A chat is made for yourself only");
  if (req.learningPortalId !== ctx.portalId) throw new AppError("VALIDATION", `Unknown portal ${req.learningPortalId}`);
  const lang = (await readerLang(ctx, langHint)).lang;
  const existing = await ctx.repo.chatOfStudent(ctx.portalId, user.id);
  if (existing) return { chat: await presentChat(ctx, user.id, existing, lang), created: false };

  const [settings, available] = await Promise.all([chatSettings(ctx), availableMentors(ctx.repo, ctx.portalId)]);
  const mode = modeOf(settings, available);
  let mentor: ProfileRow | null = await campaignMentor(ctx, user);
  if (!mentor && mode !== "mentor-chooses") {
    if (req.mentorId && mode === "multiple") {
      const picked = await ctx.repo.profile(req.mentorId);
      if (!picked || picked.portalId !== ctx.portalId) throw new AppError("MENTOR_NOT_FOUND", `No mentor ${req.mentorId}`);
      if (!available.some((p) => p.id === picked.id)) throw new AppError("NO_MENTOR_AVAILABLE", `Mentor ${req.mentorId} takes no new chats now`);
      mentor = picked;
    } else {
      // Single mode (a pick is not theirs to make), or a learner who did not pick: the available mentor with the fewest open chats.
      mentor = available[0] ?? null;
    }
  }
  const at = ctx.now();
  const made = await ctx.repo.transaction(async (w) => {
    const row = await w.insertChat({
      id: base32Id("cht_"),
      portalId: ctx.portalId,
      studentId: user.id,
      mentorId: mentor?.userId ?? DISTRIBUTION_BOT_ID,
      mode,
      lang,
      createdAt: at,
      lastActivityAt: at,
    });
    if (!row) return null;
    if (!mentor) {
      await w.insertMessage({
        id: systemMessageId(),
        chatId: row.id,
        authorId: SYSTEM_PARTICIPANT_ID,
        authorKind: "system",
        text: "",
        systemKey: "waiting",
        createdAt: at,
      });
    }
    return row;
  });
  // Another request of the same learner made it first: theirs is the chat.
  if (!made) return { chat: await presentChat(ctx, user.id, (await ctx.repo.chatOfStudent(ctx.portalId, user.id))!, lang), created: false };
  await afterCreate(ctx, made);
  let chat: ChatRow = made;
  if (chat.mentorId === DISTRIBUTION_BOT_ID) chat = (await assignFromBot(ctx, chat.id)) ?? chat;
  return { chat: await presentChat(ctx, user.id, chat, lang), created: true };
}

/** Seed §3: the user's chatV2 lists the chat; mentors hear of it in their inbox. */
async function afterCreate(ctx: ChatContext, chat: ChatRow) {
  const student = await ctx.users.findById(chat.studentId);
  if (student && !student.chatV2.some((c) => c.chatId === chat.id)) {
    await ctx.users.update(chat.studentId, { chatV2: [...student.chatV2, { chatId: chat.id, learningPortalId: chat.portalId }] });
  }
  if (chat.mentorId !== DISTRIBUTION_BOT_ID) await announceAssignment(ctx, chat);
  else await ctx.bus.publish({ topic: INBOX_TOPIC(chat.portalId), kind: "chat", id: chat.id });
}

/**
 * The back office opens a learner's chat on their behalf (issue 16 "write to them"): theirs when it
 * exists, else made as if they had opened it (the same mentor choice). The caller checks who may.
 */
export async function openChatFor(ctx: ChatContext, studentId: string, langHint?: string): Promise<{ chat: TChat; created: boolean }> {
  const row = await ctx.users.findById(studentId);
  if (!row) throw new AppError("NOT_FOUND", `No learner ${studentId}`);
  return createChat(ctx, presentUser(row), { studentId, learningPortalId: ctx.portalId }, langHint);
}
