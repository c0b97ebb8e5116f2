import {
  CHAT_TIMERS,
  DISTRIBUTION_BOT_ID,
  SYSTEM_PARTICIPANT_ID,
  type TChat,
  type TChatContext,
  type TChatMessage,
  type TChatParticipant,
  type TMentorProfile,
} from "../../../../domain/chat";
import { localized } from "../../../../domain/localized";
import { mailPack } from "../../../platform/letters";
import type { ChatMailPack } from "../letters";
import type { AuthorKind, ChatRow, MessageRow, ProfileRow } from "../repo";
import type { ChatContext } from "./context";

/** Which side of a chat a viewer is on: the learner, or the mentors' side (assigned mentor, leaders, admins). */
export type Side = "student" | "staff";
export const sideOf = (viewerId: string, chat: Pick<ChatRow, "studentId">): Side => (viewerId === chat.studentId ? "student" : "staff");
/** Messages a side reads (and whose unread it counts): the other side's. */
export const incomingKinds = (side: Side): AuthorKind[] => (side === "student" ? ["mentor", "system"] : ["student"]);
/** Messages a side writes: their read ticks come back in updates. */
export const ownKinds = (side: Side): AuthorKind[] => (side === "student" ? ["student"] : ["mentor"]);

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? "");

/** The reader's language: `lang` when the portal has it, else the chat's learner's, else the primary one. */
export async function readerLang(ctx: ChatContext, lang?: string | null, fallback?: string | null): Promise<{ lang: string; primary: string }> {
  const { langs, primaryLang } = await ctx.portalLangs();
  const pick = [lang, fallback].find((l): l is string => !!l && langs.includes(l));
  return { lang: pick ?? primaryLang, primary: primaryLang };
}

export const chatPack = async (ctx: ChatContext, lang: string) => (await mailPack<ChatMailPack>(ctx.packs, lang)).chat;

/** A system message's text in the reader's language. */
export async function systemText(ctx: ChatContext, key: string, params: Record<string, string> | null, lang: string): Promise<string> {
  const pack = await chatPack(ctx, lang);
  return fill(pack.system[key] ?? key, params ?? {});
}

export function presentProfile(row: ProfileRow, lang: { lang: string; primary: string }, medians: Map<string, number>): TMentorProfile {
  return {
    id: row.id,
    uid: row.userId,
    learningPortalId: row.portalId,
    role: row.role,
    fullName: localized(row.names, lang.lang, lang.primary),
    avatarUrl: row.avatarUrl,
    bio: localized(row.bios, lang.lang, lang.primary),
    available: row.available,
    typicalReplyMinutes: medians.get(row.userId) ?? null,
    core: { utm_campaign_name: row.utmCampaignName },
  };
}

/** Typical reply times of the last 30 days: per mentor user id, the portal's under "". */
export function replyMedians(ctx: ChatContext): Promise<Map<string, number>> {
  const since = new Date(ctx.now().getTime() - CHAT_TIMERS.replyTimeWindowDays * 86_400_000);
  return ctx.repo.replyMedians(ctx.portalId, since);
}

export function userName(u: { firstName: string | null; lastName: string | null; username: string | null; email?: string | null } | undefined | null): string {
  if (!u) return "";
  return [u.firstName, u.lastName].filter(Boolean).join(" ") || u.username || "";
}

export async function presentChat(ctx: ChatContext, viewerId: string, row: ChatRow, langHint?: string): Promise<TChat> {
  const lang = await readerLang(ctx, langHint, row.lang);
  const side = sideOf(viewerId, row);
  const [unread, profile] = await Promise.all([
    ctx.repo.unreadCounts([row.id], incomingKinds(side)),
    row.mentorId && row.mentorId !== DISTRIBUTION_BOT_ID ? ctx.repo.profileOfUser(row.portalId, row.mentorId) : Promise.resolve(null),
  ]);
  return {
    id: row.id,
    learningPortalId: row.portalId,
    studentId: row.studentId,
    mentorId: row.mentorId,
    mentor: profile ? presentProfile(profile, lang, await replyMedians(ctx)) : null,
    mode: row.mode,
    status: row.status,
    unreadMessagesCount: unread.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
  };
}

/** The course and element a context names, titled in the reader's language; unknown ids get null titles. */
async function contextView(ctx: ChatContext, c: TChatContext, lang: { lang: string; primary: string }): Promise<TChatMessage["context"]> {
  let courseTitle: string | null = null;
  let elementTitle: string | null = null;
  let elementNumber: number | null = null;
  try {
    if (c.elementId) {
      const s = await ctx.courses.elementStructure(c.elementId, { unpublished: false });
      if (!c.courseId || s.course.id === c.courseId) {
        courseTitle = localized(s.course.title, lang.lang, lang.primary);
        elementTitle = localized(s.element.title, lang.lang, lang.primary);
        const i = s.elements.findIndex((e) => e.id === s.element.id);
        elementNumber = i >= 0 ? i + 1 : null;
      }
    }
    if (courseTitle === null && c.courseId) {
      const course = await ctx.courses.courseRow(c.courseId);
      if (course?.published) courseTitle = localized(course.title, lang.lang, lang.primary);
    }
  } catch {
    // An element that is gone or hidden only loses its titles.
  }
  return { ...c, courseTitle, elementTitle, elementNumber };
}

/** Messages as `viewerId` sees them: names, read flags, system texts and context titles in `lang`. */
export async function presentMessages(ctx: ChatContext, viewerId: string, chat: ChatRow, rows: MessageRow[], langHint?: string): Promise<TChatMessage[]> {
  const lang = await readerLang(ctx, langHint, chat.lang);
  const side = sideOf(viewerId, chat);
  const incoming = incomingKinds(side);
  const pack = await chatPack(ctx, lang.lang);
  const people = new Map<string, TChatParticipant>();
  const userIds = [...new Set(rows.filter((r) => r.authorKind !== "system").map((r) => r.authorId))];
  const found = await ctx.repo.usersByIds(userIds);
  for (const u of found) {
    const profile = u.id === chat.studentId ? null : await ctx.repo.profileOfUser(chat.portalId, u.id);
    people.set(u.id, {
      id: u.id,
      fullName: profile ? localized(profile.names, lang.lang, lang.primary) : userName(u),
      avatarUrl: profile?.avatarUrl ?? u.avatar?.url ?? null,
      isStudent: u.id === chat.studentId,
    });
  }
  const system: TChatParticipant = { id: SYSTEM_PARTICIPANT_ID, fullName: pack.systemName, avatarUrl: null, isStudent: false };
  // System messages name a mentor by profile: in the reader's language.
  const named = new Map<string, string>();
  for (const r of rows) {
    const pid = r.systemParams?.mentorProfileId;
    if (pid && !named.has(pid)) {
      const profile = await ctx.repo.profile(pid);
      named.set(pid, profile ? localized(profile.names, lang.lang, lang.primary) : "");
    }
  }
  const paramsOf = (r: MessageRow) => ({ ...r.systemParams, mentor: named.get(r.systemParams?.mentorProfileId ?? "") ?? "" });
  const contexts = new Map<number, TChatMessage["context"]>();
  for (const r of rows) if (r.context) contexts.set(r.seq, await contextView(ctx, r.context, lang));
  return rows.map((r) => ({
    id: r.id,
    chatId: r.chatId,
    text: r.authorKind === "system" ? fill(pack.system[r.systemKey ?? ""] ?? r.systemKey ?? "", paramsOf(r)) : r.text,
    createdAt: r.createdAt.toISOString(),
    participant:
      r.authorKind === "system" ? system : (people.get(r.authorId) ?? { id: r.authorId, fullName: "", avatarUrl: null, isStudent: r.authorKind === "student" }),
    isNew: incoming.includes(r.authorKind) && r.readAt === null,
    readByOther: !incoming.includes(r.authorKind) && r.readAt !== null,
    context: contexts.get(r.seq) ?? null,
  }));
}

export const edgesOf = (messages: TChatMessage[], rows: MessageRow[]) => messages.map((node, i) => ({ cursor: String(rows[i]!.seq), node }));
